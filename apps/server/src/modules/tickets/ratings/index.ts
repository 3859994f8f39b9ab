export { readRating } from './rating-view';
export { ratingRoutes } from './routes';
