import { installMessages, type MessageTable } from './core/messages.js';
import { allocationMessages } from './modules/allocation/messages.js';
import { articlesMessages } from './modules/articles/messages.js';
import { authMessages } from './modules/auth/messages.js';
import { cropCalendarMessages } from './modules/crop-calendar/messages.js';
import { customersMessages } from './modules/customers/messages.js';
import { disasterMessages } from './modules/disaster/messages.js';
import { downloadsMessages } from './modules/downloads/messages.js';
import { filesMessages } from './modules/files/messages.js';
import { gisMessages } from './modules/gis/messages.js';
import { gridsMessages } from './modules/grids/messages.js';
import { logsMessages } from './modules/logs/messages.js';
import { permissionsMessages } from './modules/permissions/messages.js';
import { productsMessages } from './modules/products/messages.js';
import { reviseMessages } from './modules/revise/messages.js';
import { riskMessages } from './modules/risk/messages.js';
import { rolesMessages } from './modules/roles/messages.js';
import { stationsMessages } from './modules/stations/messages.js';
import { travelMessages } from './modules/travel/messages.js';
import { usersMessages } from './modules/users/messages.js';
import { weixinMessages } from './modules/weixin/messages.js';
import { zoningMessages } from './modules/zoning/messages.js';

/**
 * Every module's messages (modules/<area>/messages.ts), beside core's own (core/messages.ts). A module with messages of
 * its own adds its table here; its keys are typed by the module's declaration merging into core's `FeatureMessages`.
 */
export const messageList: readonly MessageTable[] = [
  allocationMessages,
  articlesMessages,
  authMessages,
  cropCalendarMessages,
  customersMessages,
  disasterMessages,
  downloadsMessages,
  filesMessages,
  gisMessages,
  gridsMessages,
  logsMessages,
  permissionsMessages,
  productsMessages,
  reviseMessages,
  riskMessages,
  rolesMessages,
  stationsMessages,
  travelMessages,
  usersMessages,
  weixinMessages,
  zoningMessages,
];

/**
 * Installs the modules' messages into core's lookup (translate, isMessageKey). Every entry point that serves, seeds or
 * runs jobs calls it before its first step: buildApp, prepareServerData (main.ts and worker.ts through them) and the
 * command-line tools; installing twice is a no-op.
 */
export function installModuleMessages(): void {
  installMessages(messageList);
}
