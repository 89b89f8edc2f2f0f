import { pathKm } from '@agromet/contracts/web';
import { describe, expect, it } from 'vitest';
import { greenwayBody, greenwayFormValues, vertexOf } from './greenway-rules';

describe('greenway form', () => {
  it('sends the drawn vertices with the trimmed fields; the length shown is the one the server computes', () => {
    const line = [vertexOf(108.928512345, 34.252467891), vertexOf(108.9675, 34.2525)];
    expect(line[0]).toEqual([108.92851, 34.25247]);
    const body = greenwayBody({ ...greenwayFormValues(null), name: ' 城墙 ', regionCode: '610103', start: ' 南门 ' }, line);
    expect(body).toMatchObject({ name: '城墙', start: '南门', line, surface: 'asphalt', difficulty: 'easy' });
    expect(pathKm(body.line)).toBeCloseTo(3.58, 2);
  });
});
