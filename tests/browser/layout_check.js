// The layout check of layout_check.py: run in the page with [CHIPS, NAMES, CONTROLS] (selectors); returns the
// problems found, in words. An expression, not a module: Playwright evaluates it as a function.
([CHIPS, NAMES, CONTROLS]) => {
  const problems = [];
  const say = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '')
    + ' «' + (e.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40) + '»';
  const seen = (e) => e.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true });

  // Width.
  const width = window.innerWidth;
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide in a ${width} px window`);

  // The rectangle of `e` that can be seen: cut by every ancestor that clips or scrolls.
  const visibleRect = (e, rect) => {
    let { left, top, right, bottom } = rect;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = a.getBoundingClientRect();
      left = Math.max(left, box.left); right = Math.min(right, box.right);
      top = Math.max(top, box.top); bottom = Math.min(bottom, box.bottom);
    }
    return { left, top, right, bottom };
  };
  const area = (r) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
  const meet = (a, b, slack) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;

  // Words: each word of a text node on one line (one client rect), and inside its chip.
  const wordsOf = (node) => [...node.textContent.matchAll(/\S+/g)];
  const brokenWords = (root) => {
    const broken = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !seen(node.parentElement)) continue;
      for (const m of wordsOf(node)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  };
  const ellipsized = (e) => {
    const style = getComputedStyle(e);
    return style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
  };
  const checked = new Set();
  for (const e of document.querySelectorAll(`${CHIPS}, ${NAMES}`)) {
    if (!seen(e) || [...checked].some((c) => c.contains(e))) continue;
    checked.add(e);
    const broken = brokenWords(e);
    if (broken.length) problems.push(`${say(e)} breaks inside a word: ${broken.join(', ')}`);
    // Cut short: allowed only as an ellipsis, with the whole text in a title.
    for (const inner of [e, ...e.querySelectorAll('*')]) {
      if (!seen(inner) || inner.scrollWidth <= inner.clientWidth + 1) continue;
      const style = getComputedStyle(inner);
      if (style.overflowX === 'visible') continue;
      const whole = (inner.textContent || '').replace(/\s+/g, ' ').trim();
      if (!ellipsized(inner)) problems.push(`${say(inner)} is clipped`);
      else if (!(inner.closest('[title]')?.getAttribute('title') || '').includes(whole)) {
        problems.push(`${say(inner)} is cut short without its whole text in a title`);
      }
    }
    if (!e.matches(CHIPS)) continue;
    const box = e.getBoundingClientRect();
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || !node.parentElement || !seen(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const v = visibleRect(node, r);
        if (area(v) > 0 && (v.left < box.left - 1 || v.right > box.right + 1 || v.top < box.top - 2 || v.bottom > box.bottom + 2)) {
          problems.push(`${say(e)}: its words «${node.textContent.trim()}» stick out of it`);
          break;
        }
      }
    }
  }

  // The sticky or fixed panel an element lies in (null: it scrolls with the page).
  const overlay = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const position = getComputedStyle(a).position;
      if (position === 'sticky' || position === 'fixed') return a;
    }
    return null;
  };

  // Chips keep inside their parent and clear of one another.
  const chips = [...document.querySelectorAll(CHIPS)].filter((e) => seen(e) && ![...document.querySelectorAll(CHIPS)].some((c) => c !== e && c.contains(e)));
  for (const [i, e] of chips.entries()) {
    const box = visibleRect(e, e.getBoundingClientRect());
    if (area(box) === 0) continue;
    const parent = e.parentElement;
    const style = parent ? getComputedStyle(parent) : null;
    if (parent && style && style.display !== 'inline' && style.display !== 'contents' && getComputedStyle(e).position !== 'absolute') {
      const outer = parent.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) problems.push(`${say(e)} sticks out of ${say(parent)}`);
    }
    for (const other of chips.slice(i + 1)) {
      // A chip in a sticky panel lies over what scrolls beneath it only while scrolled so (as controls, below).
      if (e.contains(other) || other.contains(e) || overlay(e) !== overlay(other)) continue;
      if (meet(box, visibleRect(other, other.getBoundingClientRect()), 1)) problems.push(`${say(e)} overlaps ${say(other)}`);
    }
  }

  // Anywhere, an ordinary word (letters only, up to 15 of them) is never broken across two lines. Chinese and
  // Japanese text, written without spaces, may break between any two characters: that is their typography.
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent || !seen(parent) || parent.closest('select, script, style, pre, code')) continue;
    for (const m of wordsOf(node)) {
      if (!/^[(«“"']?\p{L}{2,15}[)»”"'.,:;!?]*$/u.test(m[0]) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(m[0])) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`${say(parent)} breaks the word «${m[0]}»`);
    }
  }

  // Overlap.
  // A control's outline and its solid shadows are part of what it covers (a glowing legal control's ring).
  const px = (v) => parseFloat(v) || 0;
  const inflated = (e, r) => {
    const style = getComputedStyle(e);
    let out = style.outlineStyle !== 'none' ? Math.max(0, px(style.outlineWidth) + px(style.outlineOffset)) : 0;
    const grow = { left: out, top: out, right: out, bottom: out };
    for (const shadow of style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/)) {
      if (shadow.includes('inset')) continue;
      const [x, y, blur, spread] = (shadow.replace(/rgba?\([^)]*\)|#[0-9a-f]+/gi, '').match(/-?[\d.]+px/g) || []).map(px);
      if ((blur || 0) > 1) continue;
      const s = spread || 0;
      grow.right = Math.max(grow.right, x + s); grow.left = Math.max(grow.left, -x + s);
      grow.bottom = Math.max(grow.bottom, y + s); grow.top = Math.max(grow.top, -y + s);
    }
    return { left: r.left - grow.left, top: r.top - grow.top, right: r.right + grow.right, bottom: r.bottom + grow.bottom };
  };
  const controls = [];
  for (const e of document.querySelectorAll(CONTROLS)) {
    if (!seen(e) || e.closest('select')) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
    const inline = style.display === 'inline';
    const rects = (inline ? [...e.getClientRects()] : [e.getBoundingClientRect()]).map((r) => visibleRect(e, r)).filter((r) => area(r) > 4);
    if (rects.length) controls.push({ e, rects, rings: rects.map((r) => inflated(e, r)), layer: overlay(e) });
  }
  const related = (a, b) => a.contains(b) || b.contains(a) || (a.tagName === 'LABEL' && a.control === b) || (b.tagName === 'LABEL' && b.control === a);
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i]; const b = controls[j];
      if (a.layer !== b.layer || related(a.e, b.e)) continue;
      if (a.rects.some((r) => b.rects.some((s) => meet(r, s, 1)))) problems.push(`${say(a.e)} overlaps ${say(b.e)}`);
    }
  }
  // A control covering a line of other text (the Pass button over the sentence above it).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent || !seen(parent) || parent.closest('select, script, style')) continue;
    const layer = overlay(parent);
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].map((r) => visibleRect(node, r)).filter((r) => area(r) > 4);
    for (const c of controls) {
      if (c.layer !== layer || c.e.contains(node)) continue;
      if (c.e.tagName === 'LABEL' || parent.closest('label')?.control === c.e) continue;
      const hit = lines.find((line) => c.rings.some((r) => meet(r, line, 2)));
      if (hit) {
        const at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
        problems.push(`${say(c.e)} (${c.rings.map(at).join(' ')}) covers the words «${node.textContent.trim().slice(0, 40)}» (${at(hit)})`);
      }
    }
  }
  return [...new Set(problems)];
}
