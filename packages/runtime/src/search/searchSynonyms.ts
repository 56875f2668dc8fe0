import { stemWord } from './searchTerms.js';

/**
 * Words users type for the same thing, as groups. A query word also matches the other words of
 * its group (each such match counts `synonymWeight` of a direct one). Applied to queries only, so
 * the generated index holds the tools' own words and a change here needs no regeneration. Kept
 * small and generic: verbs of tool APIs and the common nouns of business software.
 */
export const searchSynonymGroups: readonly (readonly string[])[] = [
  ['delete', 'remove', 'erase', 'destroy', 'trash', 'discard', 'purge'],
  ['create', 'add', 'new', 'make', 'register'],
  ['search', 'find', 'lookup', 'look', 'query', 'locate', 'filter'],
  ['get', 'fetch', 'retrieve', 'show', 'view', 'read', 'display', 'detail'],
  ['list', 'enumerate', 'browse'],
  ['update', 'edit', 'modify', 'change', 'set', 'alter'],
  ['rename', 'retitle'],
  ['send', 'post', 'deliver', 'notify'],
  ['message', 'msg', 'chat', 'dm'],
  ['email', 'mail', 'inbox'],
  ['event', 'meeting', 'appointment', 'calendar'],
  ['schedule', 'book', 'plan', 'reserve'],
  ['cancel', 'abort', 'cancelled'],
  ['invoice', 'bill', 'billing'],
  ['refund', 'reimburse', 'chargeback', 'money'],
  ['payment', 'pay', 'charge', 'transaction'],
  ['customer', 'client', 'account', 'buyer'],
  ['user', 'member', 'person', 'people', 'teammate', 'employee'],
  ['document', 'doc', 'page', 'article', 'wiki'],
  ['file', 'attachment', 'upload'],
  ['folder', 'directory', 'dir'],
  ['deploy', 'deployment', 'release', 'ship', 'rollout', 'publish'],
  ['rollback', 'revert', 'undo'],
  ['ticket', 'issue', 'case', 'incident', 'bug'],
  ['comment', 'note', 'reply', 'remark'],
  ['assign', 'allocate', 'hand', 'owner', 'assignee'],
  ['close', 'resolve', 'finish', 'complete', 'done'],
  ['reopen', 'unresolve'],
  ['start', 'begin', 'launch', 'run', 'trigger', 'kick'],
  ['stop', 'halt', 'pause', 'suspend'],
  ['subscription', 'plan', 'membership'],
  ['contact', 'lead', 'prospect'],
  ['deal', 'opportunity'],
  ['price', 'cost', 'quote'],
  ['log', 'logs', 'output', 'trace'],
  ['error', 'failure', 'exception', 'crash'],
  ['permission', 'access', 'role', 'grant', 'restrict', 'admin'],
  ['tag', 'label'],
  ['priority', 'urgency', 'urgent', 'severity'],
  ['status', 'state', 'progress'],
  ['copy', 'duplicate', 'clone'],
  ['move', 'transfer', 'relocate'],
  ['download', 'export'],
  ['import', 'upload', 'ingest'],
  ['share', 'invite'],
  ['environment', 'env', 'stage'],
  ['secret', 'credential', 'password', 'token', 'key'],
  ['available', 'availability', 'free', 'busy'],
  ['vacation', 'holiday', 'leave', 'away', 'absence'],
  ['return', 'exchange'],
  ['tax', 'vat', 'gst'],
  ['remind', 'reminder', 'snooze', 'later'],
  ['report', 'summary', 'stats', 'statistics', 'analytics', 'metrics'],
];

/** How much a match on a synonym counts against a match on the query word itself. */
export const synonymWeight = 0.6;

let stemmed: ReadonlyMap<string, readonly string[]> | undefined;

/** The other terms a query term also matches: those of its groups, stemmed. */
export function synonymsOf(term: string): readonly string[] {
  if (stemmed === undefined) {
    const map = new Map<string, Set<string>>();
    for (const group of searchSynonymGroups) {
      const terms = group.map((entry) => stemWord(entry));
      for (const term of terms) {
        const others = map.get(term) ?? new Set<string>();
        for (const other of terms) if (other !== term) others.add(other);
        map.set(term, others);
      }
    }
    stemmed = new Map([...map].map(([term, others]) => [term, [...others].sort()]));
  }
  return stemmed.get(term) ?? [];
}
