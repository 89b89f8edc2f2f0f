import type { ColumnType, Generated } from 'kysely';

/** A column with a database default: optional on insert. */
type D<T> = ColumnType<T, T | undefined, T>;

export interface TravelSpotTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  grade: D<string>;
  region_code: string;
  address: D<string>;
  lon: number;
  lat: number;
  opening_hours: D<string>;
  ticket_price: number | null;
  phone: D<string>;
  photos: D<string>;
  description: D<string>;
  published: D<number>;
  version: D<number>;
  created_at: string;
  updated_at: string;
}

export interface TravelCommentTable {
  id: Generated<number>;
  customer_id: number;
  target_type: string;
  target_id: number;
  rating: number;
  text: string;
  nickname: string;
  status: D<string>;
  reason: D<string>;
  flagged: D<string>;
  created_at: string;
  moderated_at: string | null;
  moderated_by: D<string>;
}

export interface TravelSensitiveWordTable {
  customer_id: number;
  word: string;
}

export interface TravelLandscapeTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  kind: string;
  spot_id: number | null;
  region_code: string;
  lon: number;
  lat: number;
  best_from: string;
  best_to: string;
  weather: string;
  photos: D<string>;
  description: D<string>;
  published: D<number>;
  version: D<number>;
  created_at: string;
  updated_at: string;
}

export interface TravelGreenwayTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  region_code: string;
  line: string;
  surface: string;
  difficulty: string;
  start_name: D<string>;
  end_name: D<string>;
  photos: D<string>;
  description: D<string>;
  published: D<number>;
  version: D<number>;
  created_at: string;
  updated_at: string;
}

export interface TravelRouteTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  days: number;
  stops: string;
  description: D<string>;
  published: D<number>;
  version: D<number>;
  created_at: string;
  updated_at: string;
}
