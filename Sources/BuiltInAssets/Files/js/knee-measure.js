// Knee bend measured with the phone, as ResearchKit's knee range-of-motion
// task does: the phone lies along the shin; Start takes its attitude with the
// leg straight as zero, and the bend is how far the phone's long axis has
// turned since, in the upright plane the shin swings in. Done puts the largest
// bend into the number field, which the participant can still change.
//
// Without this script, or without motion sensors, the number field is the
// whole question: the panel stays hidden, or says the sensor is not there.
(function () {
  'use strict';

  const DEG = Math.PI / 180;
  const SENSOR_WAIT_MS = 2500;  // no reading by then: this device has no tilt sensor
  const ANNOUNCE_MS = 2000;     // a screen reader hears the angle at most this often

  // The phone's long axis (its y axis, towards the top edge) in the earth
  // frame (x east, y north, z up), from the W3C angles R = Rz(α)·Rx(β)·Ry(γ).
  // γ turns the phone about that axis, so it does not move it.
  function longAxis(event) {
    const alpha = (event.alpha || 0) * DEG, beta = event.beta * DEG;
    return [-Math.sin(alpha) * Math.cos(beta), Math.cos(alpha) * Math.cos(beta), Math.sin(beta)];
  }

  // The axis's angle in the upright plane through the starting direction:
  // 0 along that direction (level), 90 straight up. Compass drift only shrinks
  // the level part a little; it does not turn this angle.
  function planeAngle(axis, heading) {
    const level = axis[0] * heading[0] + axis[1] * heading[1];
    return Math.atan2(axis[2], level) / DEG;
  }

  // The level direction the shin points in at the start, or, when the phone
  // is held upright, the direction its screen faces (its level part is then nil).
  function headingOf(event) {
    const axis = longAxis(event);
    let x = axis[0], y = axis[1];
    if (Math.hypot(x, y) < 0.2) {
      const alpha = (event.alpha || 0) * DEG;
      x = Math.sin(alpha); y = -Math.cos(alpha);
    }
    const length = Math.hypot(x, y);
    return [x / length, y / length];
  }

  function wrap(degrees) {
    return ((degrees + 540) % 360) - 180;
  }

  function askPermission() {
    const Orientation = window.DeviceOrientationEvent;
    // Only iOS Safari asks, and only from a tap; other browsers just send events.
    if (typeof Orientation.requestPermission !== 'function') return Promise.resolve('granted');
    try {
      return Promise.resolve(Orientation.requestPermission()).catch(() => 'denied');
    } catch (error) {
      return Promise.resolve('denied');
    }
  }

  function setUp(panel) {
    const field = document.getElementById(panel.dataset.field);
    if (!field) return;
    const angleText = panel.querySelector('.measure-angle');
    const live = panel.querySelector('.measure-live');
    const status = panel.querySelector('.measure-status');
    const start = panel.querySelector('.measure-start');
    const done = panel.querySelector('.measure-done');
    const cancel = panel.querySelector('.measure-cancel');
    const reading = panel.querySelector('.measure-reading');
    // The words come with the page, in the participant's language.
    const said = (name, value) => (panel.dataset['said' + name] || '').replace('{value}', value);

    let measuring = false;
    let heading = null, zero = 0, previous = 0, turned = 0, largest = 0;
    let waiting = 0, lastAnnounced = 0;

    function show(element, visible) { element.hidden = !visible; }

    function setMeasuring(on) {
      measuring = on;
      panel.classList.toggle('is-measuring', on);
      show(start, !on);
      show(done, on);
      show(cancel, on);
      if (on) done.focus(); else start.focus();
    }

    function stop() {
      window.removeEventListener('deviceorientation', onOrientation);
      window.clearTimeout(waiting);
      setMeasuring(false);
    }

    function onOrientation(event) {
      if (!measuring) return;
      if (event.beta === null || event.beta === undefined) return;
      window.clearTimeout(waiting);
      if (!heading) {
        heading = headingOf(event);
        zero = previous = planeAngle(longAxis(event), heading);
        turned = largest = 0;
        status.textContent = said('Measuring');
      }
      // Follow the angle step by step, so a bend past upright keeps counting
      // and the phone may point its top either way along the shin.
      const angle = planeAngle(longAxis(event), heading);
      turned += wrap(angle - previous);
      previous = angle;
      const bend = Math.abs(turned);
      largest = Math.max(largest, bend);
      angleText.textContent = Math.round(bend) + '°';
      const now = Date.now();
      if (now - lastAnnounced >= ANNOUNCE_MS) {
        lastAnnounced = now;
        live.textContent = said('Degrees', Math.round(bend));
      }
    }

    function noSensor(message) {
      stop();
      status.textContent = message;
      show(reading, false);
    }

    start.addEventListener('click', () => {
      // Asked here, from the tap, because this is where motion is used.
      askPermission().then((answer) => {
        if (answer !== 'granted') {
          return noSensor(said('Blocked'));
        }
        heading = null;
        lastAnnounced = 0;
        angleText.textContent = '0°';
        show(reading, true);
        status.textContent = said('Hold');
        setMeasuring(true);
        window.addEventListener('deviceorientation', onOrientation);
        waiting = window.setTimeout(() => noSensor(said('NoMovement')), SENSOR_WAIT_MS);
      });
    });

    done.addEventListener('click', () => {
      const measured = heading !== null;
      stop();
      if (!measured) return;
      const value = String(Math.round(Math.min(largest, 180)));
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
      angleText.textContent = value + '°';
      status.textContent = said('Result', value);
      start.textContent = said('Again');
    });

    cancel.addEventListener('click', () => {
      stop();
      status.textContent = said('Stopped');
    });

    // The reading shows once there is something to read.
    show(reading, false);
    panel.hidden = false;
  }

  function init() {
    // Browsers without the sensors' API never show the panel.
    if (typeof window.DeviceOrientationEvent === 'undefined') return;
    document.querySelectorAll('[data-measure="kneeFlexion"]').forEach(setUp);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
