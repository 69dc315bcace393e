export const MIN_RANKED_COUNT = 20;
