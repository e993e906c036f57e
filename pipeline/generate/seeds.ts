// Seeds of a run: derived in qa/seeds.ts (the lowest layer that draws), named here for the
// pipeline's stages (the split uses generatorFor([seed, 'split'])).
export { generatorFor, questionGenerator, seedKey } from '../../qa/seeds.ts';

export const DEFAULT_SEED = 0;
