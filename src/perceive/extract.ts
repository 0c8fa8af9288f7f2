/**
 * The DOM extraction behind every page snapshot, as plain JavaScript source. It is one
 * self-contained function over standard DOM calls, so it runs unchanged inside Chromium (by
 * `page.evaluate`) and in Node over linkedom (by `new Function`). It is kept as source text
 * on purpose: a transpiled TypeScript function carries the transpiler's helpers (`__name`),
 * which do not exist inside the page.
 *
 * Labels are computed from text content in document order in both settings, so a live page
 * and its stored HTML give the same labels and therefore the same classifier input.
 * URLs come back absolute but not canonical; snapshot.ts canonicalises them in Node.
 */
export const EXTRACT_SOURCE = String.raw`function surfacerExtract(document, opts) {
  var live = !!opts.live;
  var baseUrl = opts.url;
  var SKIP = { SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, SVG: 1, OPTION: 1, SELECT: 1, TEXTAREA: 1 };
  var BLOCK = /^(P|DIV|LI|UL|OL|TR|TABLE|H[1-6]|SECTION|ARTICLE|HEADER|FOOTER|NAV|MAIN|ASIDE|FORM|FIELDSET|LEGEND|DL|DT|DD|BR|HR|LABEL|BLOCKQUOTE|PRE|ADDRESS|FIGURE|FIGCAPTION|TD|TH|BUTTON)$/;
  function norm(s) { return (s || '').replace(/\s+/g, ' ').trim(); }
  function abs(u) { try { return new URL(u, baseUrl).href; } catch (e) { return null; } }
  function attr(el, name) { var v = el.getAttribute(name); return v == null ? undefined : v; }
  function textLines(root, max) {
    var out = [];
    var len = 0;
    (function walk(node) {
      if (len > max) return;
      if (node.nodeType === 3) { var t = node.nodeValue.replace(/\s+/g, ' '); if (t.trim()) { out.push(t); len += t.length; } return; }
      if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
      var tag = node.tagName ? node.tagName.toUpperCase() : '';
      if (SKIP[tag]) return;
      if (tag === 'INPUT' && /^(submit|button)$/i.test(node.getAttribute('type') || '')) { var v = node.getAttribute('value'); if (v) out.push(' ' + v + ' '); }
      var block = BLOCK.test(tag);
      if (block) out.push('\n');
      for (var c = node.firstChild; c; c = c.nextSibling) walk(c);
      if (block) out.push('\n');
    })(root);
    return out.join('').split('\n').map(function (l) { return l.replace(/\s+/g, ' ').trim(); }).filter(Boolean).join('\n').slice(0, max);
  }
  function textOf(el) { return norm(textLines(el, 2000).replace(/\n/g, ' ')); }
  function cssEscape(s) { return String(s).replace(/["\\]/g, '\\$&'); }
  function pathOf(el) {
    var parts = [];
    for (var node = el; node && node.nodeType === 1 && node.tagName.toUpperCase() !== 'HTML'; node = node.parentElement) {
      var id = node.getAttribute('id');
      if (id && /^[A-Za-z][\w-]*$/.test(id) && document.querySelectorAll('#' + id).length === 1) { parts.unshift('#' + id); break; }
      var tag = node.tagName.toLowerCase();
      var n = 1;
      for (var s = node.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === node.tagName) n++;
      parts.unshift(tag + ':nth-of-type(' + n + ')');
    }
    return parts.join(' > ');
  }
  function rendered(el) {
    if (!live) return true;
    if (el.getClientRects().length === 0) return false;
    var st = el.ownerDocument.defaultView.getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none';
  }
  function inNav(el) {
    for (var n = el.parentElement; n; n = n.parentElement) {
      var tag = n.tagName.toUpperCase();
      if (tag === 'NAV' || tag === 'HEADER' || tag === 'FOOTER') return true;
      if ((n.getAttribute('role') || '') === 'navigation') return true;
      if (/(^|[\s_-])(nav|navbar|menu|breadcrumbs?|pager|pagination)([\s_-]|$)/i.test(n.getAttribute('class') || '')) return true;
    }
    return false;
  }
  function depthOf(el) { var d = 0; for (var n = el.parentElement; n; n = n.parentElement) d++; return d; }
  function ownLabelText(label, control) {
    var out = [];
    (function walk(node) {
      if (node === control) return;
      if (node.nodeType === 3) { out.push(node.nodeValue); return; }
      if (node.nodeType !== 1) return;
      var tag = node.tagName.toUpperCase();
      if (SKIP[tag] || tag === 'INPUT' || tag === 'BUTTON') return;
      for (var c = node.firstChild; c; c = c.nextSibling) walk(c);
    })(label);
    return norm(out.join(' '));
  }
  function precedingText(el, stop) {
    // Nearest non-empty text before the element in document order, within the stop element.
    var cell = el.closest ? el.closest('td,th') : null;
    if (cell && stop.contains(cell)) {
      for (var prev = cell.previousElementSibling; prev; prev = prev.previousElementSibling) { var t0 = textOf(prev); if (t0) return t0.slice(0, 120); }
    }
    var node = el;
    while (node && node !== stop) {
      for (var s = node.previousSibling; s; s = s.previousSibling) {
        var tag = s.nodeType === 1 ? s.tagName.toUpperCase() : '';
        if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'BUTTON') return '';
        // Text inside a block that holds another control belongs to that control.
        if (s.nodeType === 1 && s.querySelector && s.querySelector('input,select,textarea,button')) return '';
        var t = s.nodeType === 3 ? norm(s.nodeValue) : s.nodeType === 1 && !SKIP[tag] ? textOf(s) : '';
        if (t) return t.slice(-120);
      }
      node = node.parentNode;
    }
    return '';
  }
  function followingText(el) {
    // Checkboxes and radios are labelled by the text right after them ("[x] Remember me").
    for (var s = el.nextSibling; s; s = s.nextSibling) {
      var tag = s.nodeType === 1 ? s.tagName.toUpperCase() : '';
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'BUTTON' || tag === 'BR') return '';
      var t = s.nodeType === 3 ? norm(s.nodeValue) : s.nodeType === 1 && !SKIP[tag] ? textOf(s) : '';
      if (t) return t.slice(0, 120);
    }
    return '';
  }
  function surroundingOf(form) {
    var text = '';
    for (var node = form; node && text.length < 200 && node.tagName && node.tagName.toUpperCase() !== 'BODY'; node = node.parentElement) {
      for (var s = node.previousElementSibling; s && text.length < 200; s = s.previousElementSibling) {
        var tag = s.tagName.toUpperCase();
        if (SKIP[tag]) continue;
        text = norm(textOf(s) + ' ' + text);
      }
    }
    return text.slice(-200);
  }
  function labelsFor(el, form) {
    var src = {};
    var id = el.getAttribute('id');
    if (id) {
      var byFor = document.querySelectorAll('label[for="' + cssEscape(id) + '"]');
      var forTexts = [];
      for (var i = 0; i < byFor.length; i++) { var t = ownLabelText(byFor[i], el); if (t) forTexts.push(t); }
      if (forTexts.length) src['for'] = forTexts.join(' ');
    }
    var wrap = el.closest ? el.closest('label') : null;
    if (wrap) { var w = ownLabelText(wrap, el); if (w) src.wrapping = w; }
    var aria = el.getAttribute('aria-label');
    var lb = el.getAttribute('aria-labelledby');
    if (lb) {
      var parts = lb.split(/\s+/).map(function (x) { var n = document.getElementById(x); return n ? textOf(n) : ''; }).filter(Boolean);
      if (parts.length) aria = parts.join(' ');
    }
    if (aria && norm(aria)) src.aria = norm(aria);
    var ph = el.getAttribute('placeholder'); if (ph && norm(ph)) src.placeholder = norm(ph);
    var ti = el.getAttribute('title'); if (ti && norm(ti)) src.title = norm(ti);
    var boxType = (el.getAttribute('type') || '').toLowerCase();
    var near = boxType === 'checkbox' || boxType === 'radio' ? followingText(el) || precedingText(el, form || document.body) : precedingText(el, form || document.body);
    if (near) src.nearestText = near;
    return src;
  }
  function bestLabel(src) { return src['for'] || src.wrapping || src.aria || src.nearestText || src.placeholder || src.title || ''; }
  function fieldOf(el, form, order) {
    var tag = el.tagName.toLowerCase();
    var type = tag === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : tag === 'button' ? (el.getAttribute('type') || 'submit').toLowerCase() : tag;
    var src = labelsFor(el, form);
    var f = { tag: tag, type: type, name: el.getAttribute('name') || '', label: bestLabel(src), labelSources: src, required: el.hasAttribute('required') || el.getAttribute('aria-required') === 'true', hidden: type === 'hidden' || !rendered(el), order: order, selectorHint: '' };
    var id = attr(el, 'id'); if (id) f.id = id;
    var cls = attr(el, 'class'); if (cls) f.className = norm(cls);
    if (src.placeholder) f.placeholder = src.placeholder;
    if (tag === 'button') { var bt = textOf(el); if (bt) f.value = bt; }
    else if (tag === 'textarea') { f.value = el.textContent || ''; }
    else if (tag !== 'select') { var v = el.getAttribute('value'); if (live && tag === 'input' && type !== 'checkbox' && type !== 'radio' && type !== 'submit' && type !== 'button' && type !== 'image' && type !== 'reset') v = el.value; if (v != null && v !== '') f.value = v; }
    if (tag === 'select') {
      var opts2 = el.querySelectorAll('option');
      f.options = [];
      for (var k = 0; k < opts2.length; k++) { var o = opts2[k]; var ov = o.getAttribute('value'); var ot = norm(o.textContent); f.options.push({ value: ov == null ? ot : ov, text: ot, selected: o.hasAttribute('selected') }); }
    }
    if (type === 'checkbox' || type === 'radio') f.checked = el.hasAttribute('checked');
    var nm = f.name;
    var formPath = form ? pathOf(form) : '';
    f.selectorHint = nm && form ? formPath + ' [name="' + cssEscape(nm) + '"]' : pathOf(el);
    return f;
  }
  var forms = [];
  var formEls = document.querySelectorAll('form');
  for (var fi = 0; fi < formEls.length; fi++) {
    var form = formEls[fi];
    var controls = form.querySelectorAll('input,select,textarea,button');
    var fields = [];
    var radios = {};
    for (var ci = 0; ci < controls.length; ci++) {
      var el = controls[ci];
      var ty = (el.getAttribute('type') || '').toLowerCase();
      var name = el.getAttribute('name') || '';
      if (el.tagName.toUpperCase() === 'INPUT' && ty === 'radio' && name) {
        var lab = bestLabel(labelsFor(el, form)) || el.getAttribute('value') || '';
        var opt = { value: el.getAttribute('value') || 'on', text: lab, selected: el.hasAttribute('checked') };
        if (radios[name]) { radios[name].options.push(opt); if (opt.selected) radios[name].checked = true; continue; }
        var rf = fieldOf(el, form, fields.length);
        rf.options = [opt];
        // A radio group is one question: its label is the legend or the text before the group.
        var fset = el.closest ? el.closest('fieldset') : null;
        var legend = fset ? fset.querySelector('legend') : null;
        var before = precedingText(el, form);
        rf.label = legend ? textOf(legend) : before || rf.label;
        radios[name] = rf;
        fields.push(rf);
        continue;
      }
      fields.push(fieldOf(el, form, fields.length));
    }
    var submitTexts = [];
    for (var si = 0; si < fields.length; si++) {
      var fl = fields[si];
      if (fl.type === 'submit' || fl.type === 'image' || (fl.tag === 'button' && fl.type !== 'reset' && fl.type !== 'button')) { var st = fl.value || fl.labelSources.aria || fl.labelSources.title || (fl.type === 'image' ? 'image' : ''); if (st) submitTexts.push(norm(st)); }
    }
    var method = (form.getAttribute('method') || 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
    var action = form.getAttribute('action');
    var fs = { index: fi, action: (action && abs(action)) || baseUrl, method: method, className: norm(form.getAttribute('class') || ''), text: textLines(form, 2000).replace(/\n/g, ' '), surroundingText: surroundingOf(form), submitTexts: submitTexts, fields: fields };
    var fid = attr(form, 'id'); if (fid) fs.id = fid;
    var fname = attr(form, 'name'); if (fname) fs.name = fname;
    var enc = attr(form, 'enctype'); if (enc) fs.enctype = enc;
    // WAI-ARIA's search landmark (role=search, or the <search> element) on the form or around it.
    for (var lm = form; lm && lm.nodeType === 1; lm = lm.parentElement) { if ((lm.getAttribute('role') || '').toLowerCase() === 'search' || lm.tagName.toLowerCase() === 'search') { fs.landmark = 'search'; break; } }
    if (opts.includeFormHtml) fs.html = form.outerHTML;
    forms.push(fs);
  }
  var links = [];
  var as = document.querySelectorAll('a[href]');
  for (var li = 0; li < as.length; li++) {
    var a = as[li];
    var href = a.getAttribute('href');
    if (!href || /^\s*(javascript:|mailto:|tel:|#)/i.test(href)) continue;
    var h = abs(href);
    if (!h) continue;
    var link = { href: h, text: textOf(a) || norm(a.getAttribute('title') || a.getAttribute('aria-label') || ''), inNav: inNav(a), domDepth: depthOf(a) };
    var rel = a.getAttribute('rel'); if (rel) link.rel = rel.toLowerCase();
    links.push(link);
  }
  var buttons = [];
  var bs = document.querySelectorAll('button, input[type=button], input[type=submit], [role=button]');
  for (var bi = 0; bi < bs.length; bi++) {
    var b = bs[bi];
    if (b.closest && b.closest('form')) continue;
    if (!rendered(b)) continue;
    var text = textOf(b) || norm(b.getAttribute('value') || b.getAttribute('aria-label') || '');
    var btn = { text: text, selectorHint: pathOf(b) };
    var bid = attr(b, 'id'); if (bid) btn.id = bid;
    buttons.push(btn);
  }
  var heads = document.querySelectorAll('h1,h2,h3');
  var headings = [];
  for (var hi = 0; hi < heads.length; hi++) { var ht = textOf(heads[hi]); if (ht) headings.push(ht); }
  var titleEl = document.querySelector('title');
  return { url: baseUrl, title: norm(titleEl ? titleEl.textContent : ''), text: textLines(document.body || document.documentElement, opts.maxText), headings: headings, links: links, forms: forms, buttons: buttons };
}`;
