;; identity-kernel.ts's alignment, eight alignments at once (WebAssembly SIMD, i16x8):
;; one query (rows) against eight subjects (columns), each lane running exactly the scalar
;; recurrence of identityCount, with the same comparisons in the same order, so every lane
;; makes the same choices and ends with the same score and identity count.
;; Compiled by scripts/build-wasm.mjs into identity-simd.wasm (committed; a test checks the
;; two agree). Loaded by identity-simd.ts, which says how memory is laid out.
;;
;; Lane values are 16-bit: a local alignment's score is at most 11 (BLOSUM62's largest
;; entry) per residue of the shorter sequence, so identity-simd.ts sends a pair here only
;; when that bound stays below 32,767; gap values start at -32,768 (saturating), the scalar
;; kernel's -1e9, which loses every comparison there as it does here.
;;
;; Columns past a lane's own length hold a padding code whose score is negative: every
;; value in such a cell comes from an earlier cell minus a positive amount, so it never
;; exceeds that lane's best (strictly), and the lane's real cells never read it (they lie
;; to its left).
(module
  (memory (export "memory") 1)

  ;; Scores: 32 bytes per query letter at offset 0 (letter r's score against every code
  ;; 0..31, as signed bytes). Results: 8 scores then 8 identity counts (i16) at offset 1024.
  ;; a: n query codes (bytes); cols: m columns of 8 subject codes (bytes); row: m cells of
  ;; 4 vectors (H, identities of H, F, identities of F), 64 bytes each.
  (func (export "align8")
    (param $a i32) (param $n i32) (param $cols i32) (param $m i32) (param $row i32)
    (param $open i32) (param $ext i32)
    (local $i i32) (local $j i32) (local $ai i32) (local $p i32) (local $c i32)
    (local $vopen v128) (local $vext v128) (local $neg v128) (local $zero v128) (local $sixteen v128)
    (local $tlo v128) (local $thi v128) (local $aiv v128) (local $code v128)
    (local $hDiag v128) (local $idDiag v128) (local $hLeft v128) (local $idLeft v128)
    (local $e v128) (local $idE v128) (local $f v128) (local $idF v128)
    (local $hUp v128) (local $idUp v128) (local $h v128) (local $idh v128)
    (local $t v128) (local $u v128) (local $mask v128) (local $best v128) (local $bestId v128)

    (local.set $vopen (i16x8.splat (local.get $open)))
    (local.set $vext (i16x8.splat (local.get $ext)))
    (local.set $neg (i16x8.splat (i32.const -32768)))
    (local.set $zero (v128.const i64x2 0 0))
    (local.set $sixteen (i8x16.splat (i32.const 16)))
    (local.set $best (local.get $zero))
    (local.set $bestId (local.get $zero))

    ;; The row before the first: H 0, F "minus infinity", identities 0.
    (local.set $p (local.get $row))
    (local.set $c (i32.add (local.get $row) (i32.shl (local.get $m) (i32.const 6))))
    (block $done0
      (loop $init
        (br_if $done0 (i32.ge_u (local.get $p) (local.get $c)))
        (v128.store offset=0 (local.get $p) (local.get $zero))
        (v128.store offset=16 (local.get $p) (local.get $zero))
        (v128.store offset=32 (local.get $p) (local.get $neg))
        (v128.store offset=48 (local.get $p) (local.get $zero))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $init)))

    (local.set $i (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $ai (i32.load8_u (i32.add (local.get $a) (local.get $i))))
        (local.set $tlo (v128.load offset=0 (i32.shl (local.get $ai) (i32.const 5))))
        (local.set $thi (v128.load offset=16 (i32.shl (local.get $ai) (i32.const 5))))
        ;; X (code 20) is identical to nothing: compare with a code no column holds.
        (local.set $aiv (i8x16.splat
          (select (i32.const 255) (local.get $ai) (i32.eq (local.get $ai) (i32.const 20)))))
        (local.set $hDiag (local.get $zero))
        (local.set $idDiag (local.get $zero))
        (local.set $hLeft (local.get $zero))
        (local.set $idLeft (local.get $zero))
        (local.set $e (local.get $neg))
        (local.set $idE (local.get $zero))
        (local.set $j (i32.const 0))
        (local.set $p (local.get $row))
        (block $colsDone
          (loop $colsLoop
            (br_if $colsDone (i32.ge_u (local.get $j) (local.get $m)))
            (local.set $code (v128.load64_zero
              (i32.add (local.get $cols) (i32.shl (local.get $j) (i32.const 3)))))
            ;; E: open from the cell on the left, or extend (strictly better only).
            (local.set $t (i16x8.sub_sat_s (local.get $hLeft) (local.get $vopen)))
            (local.set $u (i16x8.sub_sat_s (local.get $e) (local.get $vext)))
            (local.set $mask (i16x8.gt_s (local.get $u) (local.get $t)))
            (local.set $e (v128.bitselect (local.get $u) (local.get $t) (local.get $mask)))
            (local.set $idE (v128.bitselect (local.get $idE) (local.get $idLeft) (local.get $mask)))
            ;; F: open from the cell above, or extend.
            (local.set $hUp (v128.load offset=0 (local.get $p)))
            (local.set $idUp (v128.load offset=16 (local.get $p)))
            (local.set $t (i16x8.sub_sat_s (local.get $hUp) (local.get $vopen)))
            (local.set $u (i16x8.sub_sat_s (v128.load offset=32 (local.get $p)) (local.get $vext)))
            (local.set $mask (i16x8.gt_s (local.get $u) (local.get $t)))
            (local.set $f (v128.bitselect (local.get $u) (local.get $t) (local.get $mask)))
            (local.set $idF (v128.bitselect (v128.load offset=48 (local.get $p)) (local.get $idUp) (local.get $mask)))
            ;; H: the diagonal, then E if strictly better, then F, then 0 (start afresh).
            (local.set $h (i16x8.add_sat_s (local.get $hDiag)
              (i16x8.extend_low_i8x16_s (v128.or
                (i8x16.swizzle (local.get $tlo) (local.get $code))
                (i8x16.swizzle (local.get $thi) (i8x16.sub (local.get $code) (local.get $sixteen)))))))
            (local.set $idh (i16x8.sub (local.get $idDiag)
              (i16x8.extend_low_i8x16_s (i8x16.eq (local.get $code) (local.get $aiv)))))
            (local.set $mask (i16x8.gt_s (local.get $e) (local.get $h)))
            (local.set $h (v128.bitselect (local.get $e) (local.get $h) (local.get $mask)))
            (local.set $idh (v128.bitselect (local.get $idE) (local.get $idh) (local.get $mask)))
            (local.set $mask (i16x8.gt_s (local.get $f) (local.get $h)))
            (local.set $h (v128.bitselect (local.get $f) (local.get $h) (local.get $mask)))
            (local.set $idh (v128.bitselect (local.get $idF) (local.get $idh) (local.get $mask)))
            (local.set $mask (i16x8.gt_s (local.get $h) (local.get $zero)))
            (local.set $h (v128.and (local.get $h) (local.get $mask)))
            (local.set $idh (v128.and (local.get $idh) (local.get $mask)))
            (local.set $hDiag (local.get $hUp))
            (local.set $idDiag (local.get $idUp))
            (v128.store offset=0 (local.get $p) (local.get $h))
            (v128.store offset=16 (local.get $p) (local.get $idh))
            (v128.store offset=32 (local.get $p) (local.get $f))
            (v128.store offset=48 (local.get $p) (local.get $idF))
            (local.set $hLeft (local.get $h))
            (local.set $idLeft (local.get $idh))
            ;; The first cell (row by row) with the best score keeps its count.
            (local.set $mask (i16x8.gt_s (local.get $h) (local.get $best)))
            (local.set $best (v128.bitselect (local.get $h) (local.get $best) (local.get $mask)))
            (local.set $bestId (v128.bitselect (local.get $idh) (local.get $bestId) (local.get $mask)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 64)))
            (br $colsLoop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows)))
    (v128.store (i32.const 1024) (local.get $best))
    (v128.store (i32.const 1040) (local.get $bestId)))

  ;; An upper bound on align8's identity counts, in about a third of its time per cell on this machine: the best local
  ;; score of the same recurrence (H, E, F, 0), score only, with a table that adds a bonus c
  ;; to every identical pair (identity-simd.ts builds it at offset 2048, laid out as the one
  ;; at 0). The path align8 counts is one local path: its bonus score is S* + c k* with
  ;; S* >= 0, so k* <= best / c. Row: m cells of 2 vectors (H, F), 32 bytes each. Results:
  ;; 8 scores at offset 1024.
  (func (export "bound8")
    (param $a i32) (param $n i32) (param $cols i32) (param $m i32) (param $row i32)
    (param $open i32) (param $ext i32)
    (local $i i32) (local $j i32) (local $ai i32) (local $p i32) (local $c i32)
    (local $vopen v128) (local $vext v128) (local $neg v128) (local $zero v128) (local $sixteen v128)
    (local $tlo v128) (local $thi v128) (local $code v128)
    (local $hDiag v128) (local $hLeft v128) (local $e v128) (local $f v128) (local $hUp v128)
    (local $h v128) (local $best v128)

    (local.set $vopen (i16x8.splat (local.get $open)))
    (local.set $vext (i16x8.splat (local.get $ext)))
    (local.set $neg (i16x8.splat (i32.const -32768)))
    (local.set $zero (v128.const i64x2 0 0))
    (local.set $sixteen (i8x16.splat (i32.const 16)))
    (local.set $best (local.get $zero))
    (local.set $p (local.get $row))
    (local.set $c (i32.add (local.get $row) (i32.shl (local.get $m) (i32.const 5))))
    (block $done0
      (loop $init
        (br_if $done0 (i32.ge_u (local.get $p) (local.get $c)))
        (v128.store offset=0 (local.get $p) (local.get $zero))
        (v128.store offset=16 (local.get $p) (local.get $neg))
        (local.set $p (i32.add (local.get $p) (i32.const 32)))
        (br $init)))
    (local.set $i (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $ai (i32.load8_u (i32.add (local.get $a) (local.get $i))))
        (local.set $tlo (v128.load offset=2048 (i32.shl (local.get $ai) (i32.const 5))))
        (local.set $thi (v128.load offset=2064 (i32.shl (local.get $ai) (i32.const 5))))
        (local.set $hDiag (local.get $zero))
        (local.set $hLeft (local.get $zero))
        (local.set $e (local.get $neg))
        (local.set $j (i32.const 0))
        (local.set $p (local.get $row))
        (block $colsDone
          (loop $colsLoop
            (br_if $colsDone (i32.ge_u (local.get $j) (local.get $m)))
            (local.set $code (v128.load64_zero
              (i32.add (local.get $cols) (i32.shl (local.get $j) (i32.const 3)))))
            (local.set $e (i16x8.max_s
              (i16x8.sub_sat_s (local.get $hLeft) (local.get $vopen))
              (i16x8.sub_sat_s (local.get $e) (local.get $vext))))
            (local.set $hUp (v128.load offset=0 (local.get $p)))
            (local.set $f (i16x8.max_s
              (i16x8.sub_sat_s (local.get $hUp) (local.get $vopen))
              (i16x8.sub_sat_s (v128.load offset=16 (local.get $p)) (local.get $vext))))
            (local.set $h (i16x8.add_sat_s (local.get $hDiag)
              (i16x8.extend_low_i8x16_s (v128.or
                (i8x16.swizzle (local.get $tlo) (local.get $code))
                (i8x16.swizzle (local.get $thi) (i8x16.sub (local.get $code) (local.get $sixteen)))))))
            (local.set $h (i16x8.max_s (i16x8.max_s (local.get $h) (local.get $e))
              (i16x8.max_s (local.get $f) (local.get $zero))))
            (local.set $hDiag (local.get $hUp))
            (v128.store offset=0 (local.get $p) (local.get $h))
            (v128.store offset=16 (local.get $p) (local.get $f))
            (local.set $hLeft (local.get $h))
            (local.set $best (i16x8.max_s (local.get $h) (local.get $best)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 32)))
            (br $colsLoop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows)))
    (v128.store (i32.const 1024) (local.get $best)))
)
