export * from "./common";
export * from "./auth";
export * from "./kitchen";
export * from "./restaurant-info";
export * from "./config";
export * from "./discovery";
