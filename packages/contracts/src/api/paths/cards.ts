import { apiRoute } from './apiRoute.js';

/** Calls on a card the cardholder has proved, shared by BALANCE and VISA (the flow named by x-flow-type). */
export const cardApi = {
  block: /* @__PURE__ */ apiRoute('/api/cards/block'),
};
