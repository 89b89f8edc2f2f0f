import { describeLocaleBundle } from '../../../test/locale-tree';
import en from './en';
import es from './es';
import zh from './zh';

await describeLocaleBundle('meteogram', { zh, en, es });
