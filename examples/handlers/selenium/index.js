// An example handler: it receives the request with the properties' JSON types restored
// (frequencyOfTestsPerHour is a number) and returns Data readable with Fn::GetAtt.
exports.onEvent = async (event) => {
  const props = event.ResourceProperties;
  switch (event.RequestType) {
    case 'Create': {
      if (typeof props.frequencyOfTestsPerHour !== 'number') {
        throw new TypeError(`frequencyOfTestsPerHour must be a number, got ${typeof props.frequencyOfTestsPerHour}`);
      }
      // event.Replacing is set when a replaceOnChange property (here: region) changed.
      const id = `selenium-${props.region}-${event.RequestId.slice(0, 8)}`;
      return { PhysicalResourceId: id, Data: { resultsPage: `https://example.com/results/${id}` } };
    }
    case 'Update':
      return { Data: { resultsPage: `https://example.com/results/${event.PhysicalResourceId}` } };
    case 'Delete':
      return undefined;
  }
};
