/**
 * "Assign laptop SN123 to Bob": the item found by its serial (list_inventory_items, page by page), the person by
 * name (list_people), then assign_inventory_item, which waits for approval. HR assigns items (the operation refuses
 * anyone else), so the model says so at once to others. A serial or a person it cannot find, or a name several
 * people share, is asked or said, never guessed.
 */

import { findPerson } from './peopleLookup';
import { isHrUser } from './hrRoles';
import { pagedRead } from './pagedReads';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  ask,
  callTools,
  dataOf,
  reply,
  resultsOf,
  wasDeclined,
} from './planTypes';
import { failedRead } from './summariseLists';
import type { WorkplaceRequest } from './workplaceIntents';

interface Item {
  id: string;
  name: string;
  serial: string;
  status: string;
  holder: { employeeName: string } | null;
}
const sameSerial = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function itemName(item: Item): string {
  return `“${item.name}” (${item.serial})`;
}

/** Plans "assign <item> to <person>". */
export function planAssignItem(w: WorkplaceRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const assigned = resultsOf(results, 'assign_inventory_item')[0];
  if (assigned) {
    if (wasDeclined(assigned)) return reply('Nothing was done: the item is not assigned.');
    if (!assigned.ok) return reply(failedRead('assign the item', assigned));
    const a = dataOf<{ assignment: { item: { name: string; serial: string }; employeeName: string } }>(
      assigned,
    ).assignment;
    return reply(`Done: “${a.item.name}” (${a.item.serial}) is now assigned to ${a.employeeName}.`);
  }
  if (!isHrUser(ctx)) {
    return reply('Sorry, only HR (HR managers, admins and owners) assign inventory items.');
  }
  if (!w.serial)
    return ask('item', `Which item should I assign${w.person ? ` to ${w.person}` : ''}? Give its serial number.`);
  if (!w.person) return ask('person', `Who should receive ${w.serial}?`);
  const serial = w.serial;
  const items = pagedRead<Item>(results, ctx, 'list_inventory_items', { limit: 200 }, 'items', (all) =>
    all.some((i) => sameSerial(i.serial, serial)),
  );
  if (items.kind === 'call') return items.plan;
  if (items.kind === 'failed') return reply(failedRead('read the inventory', items.result));
  const item = items.items.find((i) => sameSerial(i.serial, serial));
  if (!item) return reply(`I found no inventory item with the serial ${serial}.`);
  if (item.status !== 'available') {
    const holder = item.holder?.employeeName;
    const why = item.status === 'assigned' && holder ? `assigned to ${holder}` : item.status.replace('_', ' ');
    return reply(`${itemName(item)} is ${why}: only an available item can be assigned.`);
  }
  const found = findPerson(w.person, results, ctx);
  if ('plan' in found) return found.plan;
  if (found.people.length === 0) return reply(`I found no one called ${w.person} among the people you can see.`);
  if (found.people.length > 1) {
    const names = found.people.slice(0, 10).map((p) => p.name);
    return ask('person', `Which ${w.person} do you mean?`, names);
  }
  const person = found.people[0]!;
  return callTools(
    ctx,
    [{ tool: 'assign_inventory_item', arguments: { id: item.id, employeeId: person.id } }],
    `I'll assign ${itemName(item)} to ${person.name}.`,
  );
}
