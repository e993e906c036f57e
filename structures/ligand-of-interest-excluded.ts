// Residue names that are never "the ligand of interest" when a whole entry's ligand is picked
// without a name: crystallisation additives, cryoprotectants, buffers, detergents and
// polyatomic ions. Data, kept apart from the rule that reads it (ligand-of-interest.ts).
// Waters and monatomic ions are recognised by residue-kinds.ts (names and elements), not here.
// A deliberate list: give the residue name (or RES:CHAIN:NUMBER) to choose one of them anyway.
export const EXCLUDED_LIGAND_NAMES: ReadonlySet<string> = new Set([
  // glycerol, glycols and polyethylene glycols
  'GOL', 'EDO', 'PEG', 'PGE', 'PG4', '1PE', 'P6G', '2PE', 'PE4', 'PE8', '12P', '15P', 'P33', 'PG0', 'PGO', 'PGR', 'MPD', 'MRD',
  // small solvents and alcohols
  'DMS', 'DMF', 'IPA', 'EOH', 'MOH', 'BU3', 'HEZ', 'PDO', 'ACN', 'BNZ',
  // organic acids and their salts
  'ACT', 'ACY', 'FMT', 'CIT', 'FLC', 'TAR', 'TLA', 'MLI', 'MLA', 'SIN', 'MAL', 'LAC',
  // inorganic polyatomic ions
  'SO4', 'PO4', 'NO3', 'CO3', 'NH4', 'SCN', 'AZI', 'PI', 'SUL', 'IOD',
  // buffers and reducing agents
  'TRS', 'MES', 'EPE', 'HEP', 'MOPS', 'BIS', 'CAC', 'IMD', 'BME', 'DTT', 'DTU', 'TCE',
  // detergents
  'BOG', 'LDA', 'SDS', 'C8E', 'LMT', 'DDQ',
]);
