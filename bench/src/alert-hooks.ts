/**
 * Monitoring for simulated agents (a SimHooksFactory for `FleetOptions.hooksModule`, loaded in every agent
 * worker): the agent says hello as a monitoring agent (conditionCapabilities, the hash of the set it holds),
 * keeps the `conditionSet` the server sends, and once told (ALERT_HOOKS_START) reports threshold crossings of
 * its first condition, alternately triggered and clear, each `intervalMs` (the first one at a random point of
 * the first interval, so the fleet's crossings spread evenly), stamped with its own time (`observedAt`). On
 * `conditionReportStored` (sent by the server after its commit) it notes the time: the parent gets
 * [observedAt, storedAt, triggered] per report in batches (report kind ALERT_TIMES_REPORT).
 * ALERT_HOOKS_STOP stops the crossings and answers this worker's AlertHooksCounts once what is pending is sent.
 */
import { randomUUID } from 'node:crypto';
import type { SimAgent, SimHooksFactory, SimServerMessage } from './sim-agents.ts';

export const ALERT_TIMES_REPORT = 'alertTimes';
export const ALERT_HOOKS_START = 'alerts.start';
export const ALERT_HOOKS_STOP = 'alerts.stop';
export const ALERT_HOOKS_COUNT_SETS = 'alerts.sets';

export type AlertHooksStart = { intervalMs: number };
/** [observedAt, storedAt, triggered 1/0] per stored report, Date.now() of this machine. */
export type AlertTimesBatch = [number, number, number][];
export type AlertHooksCounts = { sets: number; sent: number; stored: number; unsent: number };

type AgentState = {
  agent: SimAgent;
  key?: string;
  hash: string | null;
  triggered: boolean;
  timer?: NodeJS.Timeout;
};

const alertHooks: SimHooksFactory = ({ report }) => {
  const agents = new Map<number, AgentState>();
  /** reportId -> [observedAt, triggered]. */
  const inFlight = new Map<string, [number, boolean]>();
  const counts: AlertHooksCounts = { sets: 0, sent: 0, stored: 0, unsent: 0 };
  let batch: AlertTimesBatch = [];
  let intervalMs = 0;
  let running = false;

  const flush = () => {
    if (batch.length === 0) return;
    report(ALERT_TIMES_REPORT, batch);
    batch = [];
  };
  setInterval(flush, 200).unref();

  const stateOf = (agent: SimAgent) => {
    let state = agents.get(agent.identity.deviceId);
    if (!state) {
      state = { agent, hash: null, triggered: false };
      agents.set(agent.identity.deviceId, state);
    }
    return state;
  };

  const cross = (state: AgentState) => {
    if (!state.key || !state.hash || !running) return;
    const observedAt = Date.now();
    const triggered = !state.triggered;
    const reportId = randomUUID();
    const sent = state.agent.send({
      v: 1,
      type: 'conditionReport',
      deviceId: state.agent.identity.deviceId,
      reportId,
      conditionSetHash: state.hash,
      full: false,
      observations: [
        {
          key: state.key,
          instance: '',
          triggered,
          value: triggered ? 97 : 12,
          text: '',
          observedAt: new Date(observedAt).toISOString(),
        },
      ],
    });
    if (!sent) {
      counts.unsent++;
      return;
    }
    state.triggered = triggered;
    counts.sent++;
    inFlight.set(reportId, [observedAt, triggered]);
  };

  const schedule = (state: AgentState) => {
    clearTimeout(state.timer);
    if (!running || !state.key) return;
    state.timer = setTimeout(() => {
      cross(state);
      state.timer = setInterval(() => cross(state), intervalMs);
    }, Math.random() * intervalMs);
  };

  return {
    helloFields: (agent) => ({ conditionCapabilities: ['CPU'], conditionSetHash: stateOf(agent).hash }),
    onMessage: {
      conditionSet: (agent: SimAgent, message: SimServerMessage) => {
        const state = stateOf(agent);
        const conditions = message.conditions as { key: string }[];
        state.hash = String(message.conditionSetHash);
        state.key = conditions[0]?.key;
        counts.sets++;
        if (running && !state.timer) schedule(state);
      },
      conditionReportStored: (_agent: SimAgent, message: SimServerMessage) => {
        const entry = inFlight.get(String(message.reportId));
        if (!entry) return;
        inFlight.delete(String(message.reportId));
        counts.stored++;
        batch.push([entry[0], Date.now(), entry[1] ? 1 : 0]);
        if (batch.length >= 1000) flush();
      },
    },
    onCommand: (name, data) => {
      if (name === ALERT_HOOKS_COUNT_SETS)
        return { ...counts, sets: [...agents.values()].filter((s) => s.key).length };
      if (name === ALERT_HOOKS_START) {
        intervalMs = (data as AlertHooksStart).intervalMs;
        running = true;
        for (const state of agents.values()) schedule(state);
        return { agents: agents.size };
      }
      if (name === ALERT_HOOKS_STOP) {
        running = false;
        for (const state of agents.values()) {
          clearTimeout(state.timer);
          clearInterval(state.timer);
          state.timer = undefined;
        }
        flush();
        return counts;
      }
      return undefined;
    },
  };
};

export default alertHooks;
