// node --import tsx apps/server/src/cli/nginx-site.ts [--check]: writes the generated parts of deploy/nginx/agromet.conf
// (body limits per route and nginx's own answers in the envelope, from the server's constants and messages); with
// --check, only says whether the file is up to date (exit 1 when not).
import fs from 'node:fs';
import { NGINX_SITE_FILE, withGeneratedRegions } from '../proxy-site.js';

const current = fs.readFileSync(NGINX_SITE_FILE, 'utf8');
const fresh = withGeneratedRegions(current);
if (process.argv.includes('--check')) {
  console.log(fresh === current ? `${NGINX_SITE_FILE} is up to date` : `${NGINX_SITE_FILE} differs from the server's limits and messages`);
  process.exit(fresh === current ? 0 : 1);
}
fs.writeFileSync(NGINX_SITE_FILE, fresh);
console.log(fresh === current ? `${NGINX_SITE_FILE} was up to date` : `${NGINX_SITE_FILE} written`);
