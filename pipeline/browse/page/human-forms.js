// The answer controls of the human page, one per answer kind (pipeline/browse/answer-form.ts,
// qa/answer-kinds.ts): letter buttons (and keys A-D), Yes/No (and keys Y, N) with a bond field
// for a verdict, Yes/No alone for a yes/no question, a command, bond-list or residue-list field. A typed answer is accepted in every form the
// question text names (a verdict's bonds alone, or written out as `Yes: SER OG, O2`, or `No`)
// and only when the scorer's own strict readers (window.MisiScoring, the code of qa/scoring/)
// read it as an answer of the task's form; else the page says what is wrong and waits.
// window.MisiForms.control(form, submit) makes one.
(() => {
  const h = /** @type {any} */ (window).h;
  const S = /** @type {any} */ (window).MisiScoring;

  /** Why `text` is not `verbs.length` commands of those verbs (null: it is). @param {string} text @param {string[]} verbs */
  function commandsProblem(text, verbs) {
    let commands;
    try {
      commands = S.readTruthCommands(text);
    } catch (e) {
      return /** @type {Error} */ (e).message;
    }
    const want = verbs.map((v) => `${v} <axis> <${v === 'move' ? 'distance' : 'angle'}>`).join(', ');
    if (commands.length !== verbs.length || commands.some((/** @type {any} */ c, /** @type {number} */ i) => c.kind !== verbs[i]))
      return `expected ${verbs.length === 1 ? 'one command' : `${verbs.length} commands`}: ${want}`;
    return null;
  }

  /** The verdict `text` gives as the dataset writes it: `No`, or `Yes: ` and the bonds, whether
   * typed alone (`SER OG, O2`) or written out (`Yes: SER OG, O2`). @param {string} text */
  function verdictAnswer(text) {
    const t = text.trim();
    if (/^no\.?$/i.test(t)) return 'No';
    return `Yes: ${t.replace(/^yes\s*[:,-]?\s*/i, '')}`;
  }

  /** Why `text` is not a verdict's bonds (`ARG NH2, O22; ...`, alone or after `Yes:`) nor `No` (null: it is one). @param {string} text */
  function residueBondsProblem(text) {
    const answer = verdictAnswer(text);
    if (answer === 'No') return null;
    if (!answer.slice(4).trim())
      return 'give at least one bond, as "<residue name> <residue atom>, <ligand atom>" (e.g. "SER OG, O2"), or answer No';
    try {
      S.readTruthResidueVerdict(answer);
      return null;
    } catch (e) {
      return /** @type {Error} */ (e).message;
    }
  }

  /** Why `text` is not a pocket-ligand bond list or "none" (null: it is). @param {string} text */
  function pocketBondsProblem(text) {
    const t = text.trim();
    if (/^none$/i.test(t)) return null;
    if (!t) return 'give the bonds, e.g. "HIS 57 NE2 A, O1; GLY 230 N _, O22", or "none"';
    try {
      S.readTruthPocketBonds(t);
      return null;
    } catch (e) {
      return /** @type {Error} */ (e).message;
    }
  }

  /** Why `text` is not a residue list (`ASP 189 A; TRP 215 _`) or "none" (null: it is). @param {string} text */
  function residuesProblem(text) {
    if (!text.trim()) return 'give the residues, e.g. "ASP 189 A; TRP 215 _", or "none"';
    try {
      S.readTruthResidues(text);
      return null;
    } catch (e) {
      return /** @type {Error} */ (e).message;
    }
  }

  /**
   * A text field and a button; `problem` decides whether the text is accepted, `answer` what it answers.
   * @param {string} placeholder @param {(t: string) => string | null} problem @param {(t: string) => void} submit
   * @param {(t: string) => string} [answer]
   */
  function field(placeholder, problem, submit, answer = (t) => t.trim()) {
    const input = /** @type {HTMLInputElement} */ (
      h('input', { type: 'text', id: 'answer-text', placeholder, autocomplete: 'off', spellcheck: 'false' })
    );
    const check = h('div', { class: 'check', id: 'answer-check' });
    const go = () => {
      const p = problem(input.value);
      check.textContent = p ? `Not accepted: ${p}` : '';
      if (!p) submit(answer(input.value));
    };
    input.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') {
        ev.preventDefault();
        go();
      }
    });
    return {
      element: h('div', {}, input, ' ', h('button', { id: 'answer-submit', onclick: go }, 'submit'), check),
      focus: () => input.focus(),
    };
  }

  /**
   * The control for `form`; `submit(prediction)` is called once an answer is accepted.
   * @param {any} form @param {(prediction: string) => void} submit
   * @returns {{element: HTMLElement, onKey?: (ev: KeyboardEvent) => boolean, focus?: () => void}}
   */
  function control(form, submit) {
    if (form.kind === 'letter') {
      const letters = /** @type {string[]} */ (form.letters);
      return {
        element: h(
          'div',
          {},
          'Your answer: ',
          letters.map((l) => h('button', { class: 'letter', 'data-letter': l, onclick: () => submit(l) }, l)),
          h('span', { class: 'note' }, ` (or press ${letters.join(', ')})`),
        ),
        onKey: (ev) => {
          const l = ev.key.toUpperCase();
          if (ev.ctrlKey || ev.metaKey || ev.altKey || !letters.includes(l)) return false;
          submit(l);
          return true;
        },
      };
    }
    if (form.kind === 'verdict') {
      const bonds = field('bonds, e.g. SER OG, O2; ARG NH2, O22 (or Yes: SER OG, O2)', residueBondsProblem, submit, verdictAnswer);
      const yesPart = h('div', { hidden: true, id: 'yes-bonds' }, 'Which bonds? ', bonds.element);
      const yes = () => {
        yesPart.hidden = false;
        bonds.focus();
      };
      return {
        element: h(
          'div',
          {},
          'Your answer: ',
          h('button', { id: 'answer-yes', onclick: yes }, 'Yes'),
          ' ',
          h('button', { id: 'answer-no', onclick: () => submit('No') }, 'No'),
          h('span', { class: 'note' }, ' (or press Y or N)'),
          yesPart,
        ),
        onKey: (ev) => {
          const k = ev.key.toLowerCase();
          if (ev.ctrlKey || ev.metaKey || ev.altKey || (k !== 'y' && k !== 'n')) return false;
          if (k === 'y') yes();
          else submit('No');
          return true;
        },
      };
    }
    if (form.kind === 'yesno') {
      return {
        element: h(
          'div',
          {},
          'Your answer: ',
          h('button', { id: 'answer-yes', onclick: () => submit('Yes') }, 'Yes'),
          ' ',
          h('button', { id: 'answer-no', onclick: () => submit('No') }, 'No'),
          h('span', { class: 'note' }, ' (or press Y or N)'),
        ),
        onKey: (ev) => {
          const k = ev.key.toLowerCase();
          if (ev.ctrlKey || ev.metaKey || ev.altKey || (k !== 'y' && k !== 'n')) return false;
          submit(k === 'y' ? 'Yes' : 'No');
          return true;
        },
      };
    }
    if (form.kind === 'residues') {
      const f = field('e.g. ASP 189 A; TRP 215 _ (or none)', residuesProblem, submit);
      return { element: h('div', {}, 'Your answer: ', f.element), focus: f.focus };
    }
    if (form.kind === 'bonds') {
      const f = field('e.g. HIS 57 NE2 A, O1; GLY 230 N _, O22 (or none)', pocketBondsProblem, submit);
      return { element: h('div', {}, 'Your answer: ', f.element), focus: f.focus };
    }
    if (form.kind === 'commands') {
      const example = form.verbs.map((/** @type {string} */ v) => (v === 'move' ? 'move x 3' : 'roll y -15')).join(', ');
      const f = field(`e.g. ${example}`, (t) => commandsProblem(t, form.verbs), submit);
      return { element: h('div', {}, 'Your answer: ', f.element), focus: f.focus };
    }
    const f = field('your answer', (t) => (t.trim() ? null : 'empty'), submit);
    return { element: h('div', {}, 'Your answer: ', f.element), focus: f.focus };
  }

  /** @type {any} */ (window).MisiForms = { control, commandsProblem, residueBondsProblem, pocketBondsProblem, verdictAnswer };
})();
