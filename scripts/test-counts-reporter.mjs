// A node:test reporter for scripts/run-tests.js: one JSON line with the counts of the file's
// top-level tests (`{"pass":5,"fail":0,"skip":1,"todo":0}`), written where the runner asks.
export default async function* testCounts(source) {
  const counts = { pass: 0, fail: 0, skip: 0, todo: 0 };
  for await (const event of source) {
    if (event.data?.nesting !== 0) continue;
    if (event.type === 'test:fail') counts.fail++;
    else if (event.type === 'test:pass') counts[event.data.skip ? 'skip' : event.data.todo ? 'todo' : 'pass']++;
  }
  yield `${JSON.stringify(counts)}\n`;
}
