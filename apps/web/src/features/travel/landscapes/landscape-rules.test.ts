import { describe, expect, it } from 'vitest';
import { landscapeBody, landscapeFormValues } from './landscape-rules';

describe('landscape form', () => {
  it('sends empty weather limits as null and keeps the period as typed', () => {
    const body = landscapeBody({
      ...landscapeFormValues(null),
      name: ' 太白积雪 ',
      kind: 'snow',
      regionCode: '610326',
      lon: 107.77,
      lat: 34.05,
      bestFrom: '11-15',
      bestTo: '04-15',
      tempMax: 0,
      precipitation: 'needed',
    });
    expect(body).toMatchObject({
      name: '太白积雪',
      spotId: null,
      bestFrom: '11-15',
      weather: { tempMin: null, tempMax: 0, maxWind: null, precipitation: 'needed' },
    });
  });
});
