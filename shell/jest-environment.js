/**
 * jsdom plus the web platform globals Node 20 has and jsdom lacks (react-router 7 builds Requests
 * for navigations; antd schedules with MessageChannel).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'AbortController',
  'AbortSignal',
  'FormData',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'MessageChannel',
  'structuredClone',
];

class PortalJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] && !this.global[name]) this.global[name] = globalThis[name];
    }
  }
}

module.exports = PortalJsdomEnvironment;
