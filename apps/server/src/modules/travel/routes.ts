import { API, PUBLIC_COMMENT_LIMIT } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { registerRoute } from '../../core/route.js';
import type { WindowStore } from '../../core/shared-limits.js';
import * as landscapes from './landscapes.js';
import * as greenways from './greenways.js';
import * as itineraries from './itineraries.js';
import * as service from './service.js';
import { travelWeather, type TravelWeatherDeps } from './weather.js';

type TravelRouteDeps = TravelWeatherDeps & {
  tokens: TokenService;
  /** Where the public comment limit is counted: this process, or Redis shared by every API process. */
  windows: WindowStore;
  /** Counts a refusal of the comment limit (metrics). */
  onRefused?: () => void;
};

/** The console's calls of the tourism records, then the public ones. */
export function travelRoutes(app: FastifyInstance, deps: TravelRouteDeps): void {
  const { db } = deps;
  registerRoute(app, deps, API.travelSpotPage, {
    handler: async ({ auth, query, req }) => ({ data: await service.pageSpots(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.travelSpotInsert, {
    audit: { action: 'travel.spot.insert', type: 'travel', description: '新增景区' },
    handler: async ({ auth, body, req }) => ({ data: await service.createSpot(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.travelSpotUpdate, {
    audit: { action: 'travel.spot.update', type: 'travel', description: '修改景区' },
    handler: async ({ auth, body, req }) => ({ data: await service.updateSpot(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.travelSpotDelete, {
    audit: { action: 'travel.spot.delete', type: 'travel', description: '删除景区' },
    handler: async ({ auth, query }) => {
      await service.deleteSpot(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.travelLandscapePage, {
    handler: async ({ auth, query, req }) => ({ data: await landscapes.pageLandscapes(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.travelLandscapeInsert, {
    audit: { action: 'travel.landscape.insert', type: 'travel', description: '新增景观' },
    handler: async ({ auth, body, req }) => ({ data: await landscapes.createLandscape(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.travelLandscapeUpdate, {
    audit: { action: 'travel.landscape.update', type: 'travel', description: '修改景观' },
    handler: async ({ auth, body, req }) => ({ data: await landscapes.updateLandscape(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.travelLandscapeDelete, {
    audit: { action: 'travel.landscape.delete', type: 'travel', description: '删除景观' },
    handler: async ({ auth, query }) => {
      await landscapes.deleteLandscape(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.travelGreenwayPage, {
    handler: async ({ auth, query, req }) => ({ data: await greenways.pageGreenways(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.travelGreenwayInsert, {
    audit: { action: 'travel.greenway.insert', type: 'travel', description: '新增绿道' },
    handler: async ({ auth, body, req }) => ({ data: await greenways.createGreenway(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.travelGreenwayUpdate, {
    audit: { action: 'travel.greenway.update', type: 'travel', description: '修改绿道' },
    handler: async ({ auth, body, req }) => ({ data: await greenways.updateGreenway(deps, auth, body, req.lang) }),
  });
  registerRoute(app, deps, API.travelGreenwayDelete, {
    audit: { action: 'travel.greenway.delete', type: 'travel', description: '删除绿道' },
    handler: async ({ auth, query }) => {
      await greenways.deleteGreenway(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.travelRoutePage, {
    handler: async ({ auth, query }) => ({ data: await itineraries.pageRoutes(db, auth, query) }),
  });
  registerRoute(app, deps, API.travelRouteInsert, {
    audit: { action: 'travel.route.insert', type: 'travel', description: '新增线路' },
    handler: async ({ auth, body }) => ({ data: await itineraries.createRoute(db, auth, body) }),
  });
  registerRoute(app, deps, API.travelRouteUpdate, {
    audit: { action: 'travel.route.update', type: 'travel', description: '修改线路' },
    handler: async ({ auth, body }) => ({ data: await itineraries.updateRoute(db, auth, body) }),
  });
  registerRoute(app, deps, API.travelRouteDelete, {
    audit: { action: 'travel.route.delete', type: 'travel', description: '删除线路' },
    handler: async ({ auth, query }) => {
      await itineraries.deleteRoute(db, auth, query.id);
      return { data: null };
    },
  });
  registerRoute(app, deps, API.travelWeather, {
    handler: async ({ auth, query, req }) => ({ data: await travelWeather(deps, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.travelCommentPage, {
    handler: async ({ auth, query, req }) => ({ data: await service.pageComments(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.travelCommentModerate, {
    audit: { action: 'travel.comment.moderate', type: 'travel', description: '审核评论' },
    handler: async ({ auth, body }) => ({ data: await service.moderateComments(db, auth, body) }),
  });
  registerRoute(app, deps, API.travelSensitiveWords, {
    handler: async ({ auth }) => ({ data: { words: await service.sensitiveWords(db, auth.customerId) } }),
  });
  registerRoute(app, deps, API.travelSensitiveWordsSave, {
    audit: { action: 'travel.sensitiveWords.save', type: 'travel', description: '保存敏感词' },
    handler: async ({ auth, body }) => ({ data: await service.saveSensitiveWords(db, auth, body.words) }),
  });
  publicTravelRoutes(app, deps);
}

/** Public calls (an official account or mini-program): published spots and passed comments only. */
function publicTravelRoutes(app: FastifyInstance, deps: TravelRouteDeps): void {
  const { db } = deps;
  registerRoute(app, deps, API.publicTravelSpots, {
    handler: async ({ query, req }) => ({ data: await service.publicSpots(db, query, req.lang) }),
  });
  registerRoute(app, deps, API.publicTravelComments, { handler: async ({ query }) => ({ data: await service.publicComments(db, query) }) });
  registerRoute(app, deps, API.publicTravelCommentAdd, {
    handler: async ({ body, req }) => {
      const waitMs = await deps.windows.take(
        `comment:${req.ip}`,
        PUBLIC_COMMENT_LIMIT.count,
        PUBLIC_COMMENT_LIMIT.windowSeconds * 1000,
        Date.now(),
      );
      if (waitMs !== null) {
        deps.onRefused?.();
        throw service.tooManyComments(Math.max(1, Math.ceil(waitMs / 1000)));
      }
      return { data: await service.addPublicComment(db, body) };
    },
  });
}
