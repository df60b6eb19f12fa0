// Signature pad for the consent step: turns finger, pen or mouse strokes into
// SVG path data (300 × 100 box) in the hidden "signature" input. Without this
// script (or Pointer Events) the pad stays hidden and the typed name is the way to sign.
(function () {
  'use strict';

  var WIDTH = 300;
  var HEIGHT = 100;
  var LINE_WIDTH = 2.5;
  var INK = '#1c1c1e';
  var MIN_STEP = 1; // skip points closer than this (in 300 × 100 units): less data, same look
  // The server refuses more than 64 KB; stop short so a final "L x y" always fits.
  var MAX_LENGTH = 64 * 1024 - 64;
  // Only what the server accepts; anything else would make it reject the signature.
  var VALID = /^[Mm][MmLlHhVvCcSsQqTtZz0-9., e-]*$/;

  var pad = document.querySelector('[data-signature-pad]');
  var input = document.querySelector('[data-signature-input]');
  var canvas = pad && pad.querySelector('canvas');
  var clear = pad && pad.querySelector('[data-signature-clear]');
  // Older browsers without Pointer Events keep the typed alternative only.
  if (!pad || !input || !canvas || !canvas.getContext || !window.PointerEvent) { return; }
  var ctx = canvas.getContext('2d');
  if (!ctx) { return; }

  // The words come with the page, in the participant's language.
  var idleLabel = canvas.getAttribute('aria-label') || '';
  var drawnLabel = canvas.getAttribute('data-label-drawn') || idleLabel;
  var status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('aria-live', 'polite');
  pad.appendChild(status);

  // The committed strokes, as sent; the current stroke is kept apart until pointerup.
  var committed = '';
  var stroke = null; // { parts: ['M x y', 'L x y', ...], length, last: {x, y}, id: pointerId }
  var box = null; // the canvas content box while a stroke is drawn
  var full = false;

  canvas.style.touchAction = 'none'; // in case the stylesheet is old: no scrolling while drawing
  pad.hidden = false;

  function round(value) {
    // At most one decimal, and never "-0" or exponents.
    var r = Math.round(value * 10) / 10;
    return r === 0 ? '0' : String(r);
  }

  function clamp(value, max) {
    return value < 0 ? 0 : (value > max ? max : value);
  }

  // Pointer position in the 300 × 100 space, measured inside border and padding.
  function measure() {
    var rect = canvas.getBoundingClientRect();
    var cs = window.getComputedStyle(canvas);
    var left = rect.left + canvas.clientLeft + (parseFloat(cs.paddingLeft) || 0);
    var top = rect.top + canvas.clientTop + (parseFloat(cs.paddingTop) || 0);
    var width = canvas.clientWidth - (parseFloat(cs.paddingLeft) || 0) - (parseFloat(cs.paddingRight) || 0);
    var height = canvas.clientHeight - (parseFloat(cs.paddingTop) || 0) - (parseFloat(cs.paddingBottom) || 0);
    return { left: left, top: top, width: width > 0 ? width : 1, height: height > 0 ? height : 1 };
  }

  function point(event) {
    return {
      x: clamp((event.clientX - box.left) / box.width * WIDTH, WIDTH),
      y: clamp((event.clientY - box.top) / box.height * HEIGHT, HEIGHT)
    };
  }

  // Backing store at device-pixel-ratio resolution, so the ink is sharp on phones.
  function resize() {
    var dpr = window.devicePixelRatio || 1;
    var w = Math.max(1, Math.round(canvas.clientWidth * dpr));
    var h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w; // also wipes the canvas and its state
      canvas.height = h;
    }
    ctx.setTransform(w / WIDTH, 0, 0, h / HEIGHT, 0, 0);
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK;
  }

  // Draws path data: Path2D understands any SVG path; the fallback reads the M/L this pad writes.
  function strokePath(data) {
    if (!data) { return; }
    if (typeof window.Path2D === 'function') {
      try {
        ctx.stroke(new window.Path2D(data));
        return;
      } catch (e) { /* fall through to the simple reader */ }
    }
    var tokens = data.match(/[MLml]|-?\d*\.?\d+(?:e-?\d+)?/g) || [];
    var command = 'M';
    var x = 0;
    var y = 0;
    ctx.beginPath();
    for (var i = 0; i < tokens.length; i++) {
      if (/[MLml]/.test(tokens[i])) { command = tokens[i]; continue; }
      var nx = parseFloat(tokens[i]);
      var ny = parseFloat(tokens[++i]);
      if (isNaN(nx) || isNaN(ny)) { break; }
      if (command === 'm' || command === 'l') { nx += x; ny += y; }
      x = nx;
      y = ny;
      if (command === 'M' || command === 'm') {
        ctx.moveTo(x, y);
        command = command === 'M' ? 'L' : 'l'; // SVG: numbers after a move are lines
      } else {
        ctx.lineTo(x, y);
      }
    }
    ctx.stroke();
  }

  function render() {
    resize();
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    strokePath(committed);
    if (stroke) { strokePath(stroke.parts.join(' ')); }
  }

  function announce(message) {
    // Emptying first lets the same words be announced again.
    status.textContent = '';
    window.setTimeout(function () { status.textContent = message; }, 60);
  }

  function setLabel() {
    canvas.setAttribute('aria-label', committed ? drawnLabel : idleLabel);
  }

  // Back from review, or the browser restored the form: show what is in the input.
  function load(force) {
    var value = input.value.trim();
    if (value === committed && force !== true) { return; }
    committed = VALID.test(value) && value.length <= MAX_LENGTH ? value : '';
    if (committed !== value) { input.value = committed; }
    full = false;
    setLabel();
    render();
  }

  function begin(event) {
    if (stroke || !event.isPrimary) { return; } // one finger draws; a second one is ignored
    if (event.pointerType === 'mouse' && event.button !== 0) { return; }
    event.preventDefault(); // no text selection or emulated mouse events
    box = measure();
    render(); // a size change since the last stroke would otherwise have wiped the ink
    var p = point(event);
    var start = 'M ' + round(p.x) + ' ' + round(p.y);
    if (full || committed.length + start.length + 1 > MAX_LENGTH) {
      full = true;
      announce(canvas.getAttribute('data-said-full') || '');
      return;
    }
    stroke = { parts: [start], last: p, id: event.pointerId, length: start.length };
    try { canvas.setPointerCapture(event.pointerId); } catch (e) { /* drawing still works inside the canvas */ }
    // A dot, so a single tap (the dot of an i) shows: canvas drops zero-length lines, so fill it.
    ctx.beginPath();
    ctx.arc(p.x, p.y, LINE_WIDTH / 2, 0, 2 * Math.PI);
    ctx.fillStyle = INK;
    ctx.fill();
  }

  function extend(event) {
    if (!stroke || event.pointerId !== stroke.id) { return; }
    event.preventDefault();
    // Coalesced events keep fast strokes smooth on phones.
    var events = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
    if (!events || !events.length) { events = [event]; }
    for (var i = 0; i < events.length; i++) {
      var p = point(events[i]);
      var last = stroke.last;
      var dx = p.x - last.x;
      var dy = p.y - last.y;
      if (dx * dx + dy * dy < MIN_STEP * MIN_STEP) { continue; }
      var part = 'L ' + round(p.x) + ' ' + round(p.y);
      if (committed.length + stroke.length + part.length + 2 > MAX_LENGTH) {
        full = true;
        break;
      }
      stroke.parts.push(part);
      stroke.length += part.length + 1;
      stroke.last = p;
      ctx.beginPath();
      ctx.moveTo(last.x, last.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
  }

  function end(event) {
    if (!stroke || event.pointerId !== stroke.id) { return; }
    var parts = stroke.parts;
    if (parts.length === 1) {
      // Repeat the point: SVG draws a round dot only for a zero-length line.
      parts.push('L' + parts[0].slice(1));
    }
    var wasEmpty = !committed;
    committed = (committed ? committed + ' ' : '') + parts.join(' ');
    stroke = null;
    try { canvas.releasePointerCapture(event.pointerId); } catch (e) { /* already released */ }
    input.value = committed;
    setLabel();
    if (full) {
      announce(canvas.getAttribute('data-said-full') || '');
    } else if (wasEmpty) {
      announce(canvas.getAttribute('data-said-drawn') || '');
    }
  }

  canvas.addEventListener('pointerdown', begin);
  canvas.addEventListener('pointermove', extend);
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('lostpointercapture', end);
  // Belt and braces where touch-action is not honoured: the page must not scroll under the finger.
  canvas.addEventListener('touchmove', function (event) { event.preventDefault(); }, { passive: false });

  if (clear) {
    clear.addEventListener('click', function () {
      committed = '';
      stroke = null;
      full = false;
      input.value = '';
      setLabel();
      render();
      announce(canvas.getAttribute('data-said-cleared') || '');
    });
  }

  // Redraw sharp when the pad changes size (rotation, zoom, moving to another screen).
  if (typeof window.ResizeObserver === 'function') {
    new window.ResizeObserver(function () { render(); }).observe(canvas);
  } else {
    window.addEventListener('resize', render);
  }
  window.addEventListener('pageshow', load);

  load(true);
}());
