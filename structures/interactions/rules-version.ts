// The version of the interaction rules (structures/interactions/: the criteria, the charged
// groups, rings and the finder's reductions): bumped whenever a change can change which
// interactions are found, and so the answers of the tasks that ask about them. Those tasks
// declare it (TaskModule.rules, qa/task.ts); a run that includes one records it in the
// manifest as `versions.rules.interactions`, and resume and merge refuse work made under another.
//   1: the first rules (issue 54), cross-checked against PLIP on the 299 (docs/interactions.md).
export const INTERACTION_RULES_VERSION = 1;
