/**
 * Dates as plugins write them: in the marketplace's zone (Prague), like every date the blogger sees from the
 * marketplace. Plugins take them from here, not from src/marketplace (which they must not know); the zone
 * arithmetic itself lives with the marketplace's date-time reading (src/marketplace/date-time.ts).
 */
export { formatServiceDateTime, toIsoWithServiceOffset } from '../../marketplace/schema.js';
