import type { Random } from './random';

// prettier-ignore
const firstNames = [
  'Aaron', 'Abigail', 'Adrian', 'Aisha', 'Albert', 'Amelia', 'Andre', 'Anna', 'Arjun', 'Beatrice', 'Benjamin',
  'Bianca', 'Caleb', 'Camila', 'Chloe', 'Daniel', 'Daria', 'David', 'Elena', 'Elias', 'Emma', 'Ethan', 'Fatima',
  'Felix', 'Fiona', 'Gabriel', 'Georgia', 'Hugo', 'Ines', 'Isaac', 'Ivy', 'Jack', 'Jasmine', 'Javier', 'Julia',
  'Kai', 'Keiko', 'Laura', 'Leo', 'Lina', 'Lucas', 'Maria', 'Mateo', 'Mia', 'Nadia', 'Nathan', 'Nina', 'Noah',
  'Omar', 'Paula', 'Peter', 'Priya', 'Quentin', 'Rachel', 'Rafael', 'Rosa', 'Ryan', 'Sara', 'Sofia', 'Stefan',
  'Tariq', 'Teresa', 'Thomas', 'Uma', 'Victor', 'Vera', 'William', 'Xavier', 'Yara', 'Yusuf', 'Zoe',
] as const;

// prettier-ignore
const lastNames = [
  'Abbott', 'Acosta', 'Bauer', 'Becker', 'Bishop', 'Castillo', 'Costa', 'Dalton', 'Dubois', 'Eriksen', 'Evans',
  'Fischer', 'Foster', 'Garcia', 'Grant', 'Hansen', 'Hayes', 'Ibrahim', 'Ito', 'Jensen', 'Joshi', 'Kaur', 'Keller',
  'Khan', 'Larsen', 'Lopez', 'Martin', 'Meyer', 'Nakamura', 'Novak', 'Nowak', 'Okafor', 'Olsen', 'Patel', 'Perez',
  'Quinn', 'Ramos', 'Rossi', 'Santos', 'Schmidt', 'Silva', 'Sato', 'Tanaka', 'Torres', 'Ueda', 'Vargas', 'Vogel',
  'Walsh', 'Weber', 'Xu', 'Yilmaz', 'Young', 'Zhang', 'Zimmer',
] as const;

export interface PersonName {
  name: string;
  /** first.last, lower-case ASCII, unique among the names of one generator. */
  localPart: string;
}

/**
 * Deterministic, unique "First Last" names drawn from `random`. Names the pools cannot make unique any more get a
 * numeric suffix on the e-mail local part (the display name may then repeat, as in real companies).
 */
export function createNameGenerator(random: Random, reserved: Iterable<string> = []): () => PersonName {
  const used = new Set(reserved);
  return () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const localPart = `${first}.${last}`.toLowerCase();
      if (!used.has(localPart)) {
        used.add(localPart);
        return { name: `${first} ${last}`, localPart };
      }
    }
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    let n = 2;
    while (used.has(`${first}.${last}${n}`.toLowerCase())) n += 1;
    const localPart = `${first}.${last}${n}`.toLowerCase();
    used.add(localPart);
    return { name: `${first} ${last}`, localPart };
  };
}
