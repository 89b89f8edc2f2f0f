import { queryClient } from '../../../lib/query-client';

/** Query keys of the tourism pages; every one starts with 'travel'. */
export const travelKeys = {
  spots: ['travel', 'spots'] as const,
  spotPage: (query: object) => ['travel', 'spots', 'page', query] as const,
  spotMap: (query: object) => ['travel', 'spots', 'map', query] as const,
  comments: ['travel', 'comments'] as const,
  commentPage: (query: object) => ['travel', 'comments', 'page', query] as const,
  words: ['travel', 'sensitiveWords'] as const,
};

export const invalidateSpots = () => queryClient.invalidateQueries({ queryKey: travelKeys.spots });
/** Moderation changes the comments and the spots' counts and ratings. */
export const invalidateComments = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: travelKeys.comments }),
    queryClient.invalidateQueries({ queryKey: travelKeys.spots }),
  ]);
