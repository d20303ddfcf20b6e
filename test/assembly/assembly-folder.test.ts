/**
 * The one place a cloud assembly's paths are resolved: inside the folder given, regular files
 * only, each read within its limit; and bytes decoded as UTF-8 or refused with the offset.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssemblyFolder } from '../../src/assembly/assembly-folder';
import { readFileBytes } from '../../src/assembly/read-file';
import { decodeUtf8 } from '../../src/change-set/input/decode-utf8';
import { TemplateReadError } from '../../src/change-set/input/template-read-error';
import { Workspace } from '../helpers/hostile-files';

// The module object itself (an `import *` binding cannot be spied on).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeFs: typeof fs = require('node:fs');

let ws: Workspace;
let folder: AssemblyFolder;
const field = { file: 'app/manifest.json', field: 'artifacts.A.properties.templateFile' };
beforeEach(() => {
  ws = new Workspace();
  const dir = ws.folder('app', { 'a.json': '{}', 'sub/b.json': '{}', 'in-link.json': { symlink: 'sub/b.json' }, 'out-link': { symlink: '../outside' } });
  folder = AssemblyFolder.open(dir, 'app');
});
afterEach(() => ws.remove());

describe('AssemblyFolder.resolve', () => {
  test.each<[string, string, string]>([
    ['a plain file', 'a.json', 'app/a.json'],
    ['a path through a subfolder and back', 'sub/../a.json', 'app/a.json'],
    ['a link that stays inside', 'in-link.json', 'app/in-link.json'],
  ])('GIVEN %s WHEN resolved THEN it is read inside the folder, shown as written from the folder', (_name, written, shown) => {
    expect(folder.resolve(folder.top, written, field)).toMatchObject({ shown });
  });

  test.each<[string, string, string]>([
    ['a path up and out', '../outside/secret.txt', 'app/manifest.json: artifacts.A.properties.templateFile "../outside/secret.txt" is outside the cloud assembly app'],
    ['a path through a link to a folder outside', 'out-link/secret.txt', 'app/manifest.json: artifacts.A.properties.templateFile "out-link/secret.txt" is a link to a file outside the cloud assembly app'],
    ['a path with a NUL character', 'a.json\u0000', 'app/manifest.json: artifacts.A.properties.templateFile "a.json\\u0000" is not a path: it holds a NUL character'],
    ['a folder where a file is wanted', 'sub', 'app/manifest.json: artifacts.A.properties.templateFile "sub" is not a regular file (app/sub)'],
  ])('GIVEN %s WHEN resolved THEN it is refused naming the file and the field', (_name, written, message) => {
    expect(() => folder.resolve(folder.top, written, field)).toThrow(new TemplateReadError(message, message.includes('NUL') || message.includes('regular') ? undefined : 'a cloud assembly names only files inside its folder'));
  });

  test('GIVEN a named pipe in the folder WHEN resolved THEN it is refused before it is opened (opening one blocks)', () => {
    execFileSync('mkfifo', [path.join(folder.root, 'pipe.json')]);
    expect(() => folder.resolve(folder.top, 'pipe.json', field)).toThrow(/"pipe\.json" is not a regular file/);
  });

  test('GIVEN a path outside WHEN asked whether it exists THEN it is said to exist without being looked at, so that resolve refuses it', () => {
    const lstat = jest.spyOn(nodeFs, 'lstatSync');
    try {
      expect(folder.exists(folder.top, '../outside/nothing-here')).toBe(true);
      expect(lstat).not.toHaveBeenCalled();
    } finally {
      lstat.mockRestore();
    }
  });
});

describe('readFileBytes', () => {
  test('GIVEN a file one byte over the limit WHEN read THEN it is refused with its size and the limit', () => {
    const file = path.join(ws.root, 'big');
    fs.writeFileSync(file, Buffer.alloc(11));
    expect(() => readFileBytes(file, 'big', { bytes: 10, what: 'the 10 bytes of a test' })).toThrow(new TemplateReadError('big is 11 bytes: more than the 10 bytes of a test'));
    expect(readFileBytes(file, 'big', { bytes: 11, what: 'x' })).toHaveLength(11);
  });
});

describe('decodeUtf8', () => {
  test.each<[string, number[], string]>([
    ['a lone continuation byte', [0x61, 0x80, 0x62], 'the byte 0x80 at byte offset 1 (line 1)'],
    ['a lead byte followed by ASCII', [0x0a, 0x0a, 0xc3, 0x28], 'the byte 0x28 at byte offset 3 (line 3)'],
    ['an overlong encoding of "/"', [0xc0, 0xaf], 'the byte 0xc0 at byte offset 0 (line 1)'],
    ['a sequence cut off by the end of the file', [0x61, 0xe2, 0x82], 'the byte 0xe2 at byte offset 1 (line 1)'],
    ['UTF-16 with its byte order mark', [0xff, 0xfe, 0x7b, 0x00], 'the byte 0xff at byte offset 0 (line 1)'],
  ])('GIVEN %s WHEN decoded THEN it is refused naming the first bad byte, its offset and line', (_name, bytes, where) => {
    expect(() => decodeUtf8(Buffer.from(bytes), 't.json')).toThrow(`t.json is not UTF-8: ${where} is not valid UTF-8`);
  });

  test('GIVEN UTF-8 with a byte order mark and characters of every length WHEN decoded THEN the text comes back without the mark', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFaé€😀', 'utf8'), 't.json')).toBe('aé€😀');
  });
});
