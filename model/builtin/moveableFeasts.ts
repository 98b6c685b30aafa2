/**
 * "Good Friday", "Easter Monday", "Whit Monday", "Ash Wednesday": days named after Easter, which moves every year.
 * Their weekday alone was read as the coming one ("good friday off" booked this week's Friday), confidently wrong.
 * The model keeps no Easter calendar (the public holidays are the tenant's), so the weekday of such a name is not read
 * as a date: the request asks which days instead.
 */

/** A lookbehind for the weekday pattern of dateAtoms.ts: not right after the word that makes it a moveable feast. */
export const NOT_A_FEAST_DAY = '(?<!\\b(?:good|easter|maundy|holy|whit|pentecost|ash)\\s+)';
