export { getPermittedRestaurants, getPermittedRestaurant, isPermitted, permittedGuids } from "./permitted-restaurants";
export type { PermittedRestaurant, PermittedOptions } from "./permitted-restaurants";
export { requireSession, requireRestaurant, optionalSession, signInPath, safeCallbackPath, PATHNAME_HEADER } from "./page-access";
