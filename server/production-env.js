// @ts-check
/**
 * `npm start` serves the production site: unless NODE_ENV says otherwise, React, React Router and
 * Express run in production mode (React's development build renders a page about five times
 * slower). Imported first by server/index.js, before anything reads NODE_ENV.
 */
process.env.NODE_ENV ||= "production";
