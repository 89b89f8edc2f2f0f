import { API } from '@agromet/contracts';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../core/auth/tokens.js';
import { registerRoute } from '../../core/route.js';
import { checkConsistency, fixConsistency } from './consistency.js';
import { downloadIssueFile, listFileStates, submitIssue, zipIssueFiles, type IssueDeps } from './issue.js';
import { listRecords, recordDetail, recordPatch } from './records.js';
import { recover } from './recovery.js';
import { pointRevise, polygonRevise, reviseData, reviseGridValues, withLead, type ReviseDeps } from './service.js';

/** Revising grids, the revision record with recovery, and submission. Every change writes an operation-log row. */
export function reviseRoutes(app: FastifyInstance, deps: ReviseDeps & IssueDeps & { tokens: TokenService }): void {
  const { db } = deps;
  registerRoute(app, deps, API.reviseData, {
    handler: async ({ auth, query, req }) => ({ data: await reviseData(deps, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.reviseGrid, {
    handler: async ({ auth, query }) => ({ data: null, file: await reviseGridValues(deps, auth, query) }),
  });
  registerRoute(app, deps, API.revisePoint, {
    audit: { action: 'revise.point', type: 'revise', description: '单点订正' },
    handler: async ({ auth, body }) => ({ data: await pointRevise(deps, auth, body) }),
  });
  registerRoute(app, deps, API.revisePolygon, {
    audit: { action: 'revise.polygon', type: 'revise', description: '落区订正' },
    handler: async ({ auth, body }) => ({ data: await polygonRevise(deps, auth, body) }),
  });
  registerRoute(app, deps, API.recordList, {
    handler: async ({ auth, query, req }) => ({ data: await listRecords(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.recordDetail, {
    handler: async ({ auth, query, req }) => ({ data: await recordDetail(db, auth, query.id, req.lang) }),
  });
  registerRoute(app, deps, API.recordPatch, {
    handler: async ({ auth, query }) => ({ data: null, file: await recordPatch(db, auth, query.id) }),
  });
  registerRoute(app, deps, API.recordRecovery, {
    audit: { action: 'revise.recovery', type: 'revise', description: '订正恢复' },
    handler: async ({ auth, query }) => ({ data: await recover(deps, auth, query.id) }),
  });
  registerRoute(app, deps, API.reviseSubmit, {
    audit: { action: 'revise.submit', type: 'revise', description: '提交订正结果' },
    handler: async ({ auth, body, req }) => ({ data: await submitIssue(deps, auth, body, req.log) }),
  });
  registerRoute(app, deps, API.consistencyCheck, {
    handler: async ({ auth, query }) => ({ data: await checkConsistency(deps, auth, query) }),
  });
  registerRoute(app, deps, API.consistencyFix, {
    audit: { action: 'revise.consistencyFix', type: 'revise', description: '一致性修正' },
    handler: async ({ auth, body }) => ({ data: await fixConsistency({ ...deps, withLead }, auth, body) }),
  });
  registerRoute(app, deps, API.fileStateList, {
    handler: async ({ auth, req, query }) => ({ data: await listFileStates(db, auth, query, req.lang) }),
  });
  registerRoute(app, deps, API.fileStateDownload, {
    handler: async ({ auth, query }) => ({ data: null, file: await downloadIssueFile(db, deps.storage, auth, query.id) }),
  });
  registerRoute(app, deps, API.fileStateZip, {
    handler: async ({ auth, query }) => ({ data: null, file: await zipIssueFiles(db, deps.storage, auth, query.id) }),
  });
}
