// Tests import server modules directly; the real "server-only" guard is for Next's bundler.
export {};
