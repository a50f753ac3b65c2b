import type uPlot from 'uplot';

/** uPlot, fetched when a chart first shows (a chunk of its own: neither the first screen nor a table-only reader loads it). */
export const loadUPlot = (): Promise<typeof uPlot> => import('uplot').then((module) => module.default);
