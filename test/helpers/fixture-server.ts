/**
 * Real HTTP fixture sites on 127.0.0.1 (random port) for end-to-end tests. A site is a map from
 * path to a static response or a handler ("*" matches any path); every request is logged so
 * tests can count them. The implementation is plain JS so bench/ scripts share it.
 */
export { startFixture, type FixtureSite, type FixtureOptions, type Route, type StaticRoute } from '../fixtures/serve.mjs';
