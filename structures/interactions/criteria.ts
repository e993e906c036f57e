// The geometric criteria of every interaction kind past the hydrogen bond, in one place.
//
// Units, stated once: distances in angstrom, angles in degrees, in the model frame of
// structures/model.ts.
//
// The values are PLIP's documented defaults (Salentin et al., "PLIP: fully automated
// protein-ligand interaction profiler", Nucleic Acids Res. 43:W443, 2015; Adasme et al.,
// "PLIP 2021", Nucleic Acids Res. 49:W530; the constants of plip/basic/config.py in PLIP 2.2),
// each with the paper PLIP takes it from. Each limit is strict (a value equal to it fails), as
// PLIP compares.

/** No interaction is closer than this (PLIP MIN_DIST): guards against coincident atoms. */
export const MIN_DISTANCE = 0.5;

/** Hydrophobic contact: two carbons bonded to carbon and hydrogen only, closer than this (PLIP HYDROPH_DIST_MAX). */
export const HYDROPHOBIC_DISTANCE = 4.0;

/**
 * Salt bridge: centres of opposite charge closer than this (PLIP SALTBRIDGE_DIST_MAX: Barlow &
 * Thornton 1983, J. Mol. Biol. 168:867, 4.0 A between charged atoms, + 1.5 A for centres).
 */
export const SALT_BRIDGE_DISTANCE = 5.5;

/** Pi-stacking: ring centres closer than this (PLIP PISTACK_DIST_MAX; McGaughey et al. 1998, J. Biol. Chem. 273:15458). */
export const STACKING_DISTANCE = 5.5;
/** Pi-stacking: largest deviation of the angle between ring planes from 0 (face-to-face) or 90 (edge-to-face) degrees (PLIP PISTACK_ANG_DEV). */
export const STACKING_ANGLE_DEVIATION = 30;
/**
 * Pi-stacking and cation-pi: largest offset, the distance from a ring centre to the foot of the
 * other centre projected on its plane (PLIP PISTACK_OFFSET_MAX: benzene's radius + 0.5 A).
 */
export const RING_OFFSET = 2.0;

/** Cation-pi: cation centre to ring centre closer than this (PLIP PICATION_DIST_MAX; Gallivan & Dougherty 1999, PNAS 96:9459). */
export const CATION_PI_DISTANCE = 6.0;
/**
 * Cation-pi with a ligand tertiary amine: the angle between the ring's normal and the normal of
 * the plane of the amine's three heavy substituents may not exceed this (PLIP's check that the
 * amine's N-H, not its substituents, faces the ring).
 */
export const AMINE_PLANE_ANGLE = 30;

/** Halogen bond: halogen to acceptor closer than this (PLIP HALOGEN_DIST_MAX; Auffinger et al. 2004, PNAS 101:16789, + 0.5 A). */
export const HALOGEN_DISTANCE = 4.0;
/** Halogen bond: the ideal angle C-X...A at the halogen (PLIP HALOGEN_DON_ANGLE, Auffinger et al.). */
export const HALOGEN_DONOR_ANGLE = 165;
/** Halogen bond: the ideal angle X...A-Y at the acceptor (PLIP HALOGEN_ACC_ANGLE, Auffinger et al.). */
export const HALOGEN_ACCEPTOR_ANGLE = 120;
/** Halogen bond: largest deviation of either angle from its ideal (PLIP HALOGEN_ANGLE_DEV). */
export const HALOGEN_ANGLE_DEVIATION = 30;

/** Metal coordination: metal to ligand atom closer than this (PLIP METAL_DIST_MAX; Harding 2001, Acta Cryst. D57:401). */
export const METAL_DISTANCE = 3.0;

/**
 * A ring counts as aromatic when RDKit says so (ligand), it belongs to Phe/Tyr/Trp/His
 * (pocket), or every pair of its atoms' local normals is within this angle of parallel (PLIP
 * AROMATIC_PLANARITY: a planar ring RDKit's model does not call aromatic, as PLIP takes it).
 */
export const RING_PLANARITY = 5.0;

/** Ring sizes that can stack or bind a cation (PLIP: 5- and 6-membered rings). */
export const RING_SIZES: ReadonlySet<number> = new Set([5, 6]);
