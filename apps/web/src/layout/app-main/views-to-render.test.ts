import { describe, expect, it } from 'vitest';
import { viewsToRender } from './views-to-render';

describe('viewsToRender', () => {
  it('keeps cached views in order and adds the active one last', () => {
    expect(viewsToRender(['/a', '/b'], '/c')).toEqual(['/a', '/b', '/c']);
    expect(viewsToRender(['/a', '/b'], '/a')).toEqual(['/a', '/b']);
  });
  it('renders only kept views while redirecting', () => {
    expect(viewsToRender(['/a'], null)).toEqual(['/a']);
  });
});
