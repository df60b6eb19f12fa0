// CareFeed model viewer: turns each figure.model-viewer into an interactive 3D
// view of its glTF model, with numbered markers for the annotation list.
// The poster image and the list are the fallback: if anything is missing
// (WebGL, three.js, the model bytes) they are left exactly as they are.
(function () {
  'use strict';

  const BACKGROUND = 0xf3f1ec;      // calm, warm light grey behind the model
  const MUTED_BONE = 0xe4dccd;      // parts that are not highlighted
  const ORBIT_STEP = Math.PI / 18;  // 10 degrees per arrow key press
  const ZOOM_STEP = 0.85;           // distance factor per +/- key press
  const DEG = Math.PI / 180;

  // "a b c" -> [a, b, c], or the fallback if the attribute is missing or malformed.
  function numbers(text, fallback) {
    const values = (text || '').trim().split(/\s+/).map(Number);
    return values.length === fallback.length && values.every(Number.isFinite) ? values : fallback;
  }

  function decodeBase64(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }

  // Create the context ourselves: three.js logs a console error when it fails,
  // and a missing WebGL is an expected case here, not an error.
  function createContext(canvas) {
    if (!window.WebGLRenderingContext) return null;
    // preserveDrawingBuffer keeps the last frame readable, so printing the
    // page or saving the canvas shows the model rather than a blank box.
    const attributes = { antialias: true, alpha: false, preserveDrawingBuffer: true };
    try {
      return canvas.getContext('webgl', attributes) || canvas.getContext('experimental-webgl', attributes);
    } catch (error) {
      return null;
    }
  }

  function isHighlighted(object, names) {
    for (let node = object; node; node = node.parent) {
      if (names.has(node.name)) return true;
    }
    return false;
  }

  // Highlighted parts keep their own colour, lifted with an emissive tint;
  // everything else becomes one muted, slightly see-through bone colour.
  function styleMeshes(root, names) {
    if (names.size === 0) return;
    const muted = new THREE.MeshStandardMaterial({
      color: new THREE.Color(MUTED_BONE).convertSRGBToLinear(),
      roughness: 0.85, metalness: 0, transparent: true, opacity: 0.7
    });
    root.traverse((object) => {
      if (!object.isMesh) return;
      if (isHighlighted(object, names)) {
        const material = object.material.clone();
        if (material.emissive) material.emissive.copy(material.color).multiplyScalar(0.3);
        object.material = material;
      } else {
        object.material = muted;
      }
    });
  }

  function createMarkers(figure, stage) {
    return Array.from(figure.querySelectorAll('li[data-annotation]')).map((li) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'annotation-marker';
      button.setAttribute('aria-pressed', 'false');
      const number = document.createElement('span');
      const numberSource = li.querySelector('.annotation-number');
      number.textContent = numberSource ? numberSource.textContent.trim() : '';
      button.appendChild(number);
      const label = li.querySelector('strong') || li.querySelector('.annotation-text') || li;
      button.setAttribute('aria-label', label.textContent.trim());
      if (li.id) button.setAttribute('aria-describedby', li.id);
      stage.appendChild(button);
      const point = new THREE.Vector3().fromArray(numbers(li.dataset.position, [0, 0, 0]));
      return { li, button, point };
    });
  }

  // One marker at a time is active; its list item is marked and scrolled to.
  function activate(markers, chosen) {
    const turnOn = !chosen.li.classList.contains('is-active');
    for (const marker of markers) {
      const on = turnOn && marker === chosen;
      marker.li.classList.toggle('is-active', on);
      marker.button.classList.toggle('is-active', on);
      marker.button.setAttribute('aria-pressed', String(on));
    }
    if (turnOn) chosen.li.scrollIntoView({ block: 'nearest' });
  }

  // A page must scroll when a finger or a wheel passes over the model on its
  // way down the note: only after "Turn the model" do touches and the wheel
  // go to the model. A mouse drag turns it at any time, as it cannot be
  // meant as a scroll. Touches are stopped on their way down to the canvas,
  // before the controls (which cancel them) can see them.
  function createToolbar(stage, controls) {
    const bar = document.createElement('div');
    bar.className = 'model-toolbar';
    const turn = document.createElement('button');
    turn.type = 'button';
    turn.className = 'button button-secondary model-turn';
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.className = 'button button-secondary model-reset';
    reset.textContent = stage.closest('figure').dataset.saidReset || '';
    bar.append(turn, reset);
    stage.after(bar);

    let turning = false;
    function setTurning(on) {
      turning = on;
      controls.enableZoom = on;
      stage.classList.toggle('is-turning', on);
      const words = stage.closest('figure').dataset;
      turn.textContent = (on ? words.saidTurning : words.saidTurn) || '';
    }
    turn.addEventListener('click', () => setTurning(!turning));
    for (const type of ['touchstart', 'touchmove', 'touchend']) {
      stage.addEventListener(type, (event) => {
        if (!turning && event.target.tagName === 'CANVAS') event.stopPropagation();
      }, { capture: true, passive: true });
    }
    setTurning(false);
    return { reset };
  }

  function startViewer(figure, model, canvas, gl) {
    const stage = figure.querySelector('.model-stage');
    const poster = stage.querySelector('.model-poster');
    const highlight = new Set((figure.dataset.highlight || '').split(/\s+/).filter(Boolean));
    const [azimuth, elevation, distance] = numbers(figure.dataset.camera, [0, 10, 2.5]);

    const renderer = new THREE.WebGLRenderer({ canvas, context: gl, antialias: true });
    renderer.setClearColor(BACKGROUND, 1);
    // glTF colours are linear; show them in sRGB (r111 API, newer one if present).
    if ('outputEncoding' in renderer) renderer.outputEncoding = THREE.sRGBEncoding;
    else { renderer.gammaOutput = true; renderer.gammaFactor = 2.2; }

    const scene = new THREE.Scene();
    scene.add(model);
    styleMeshes(model, highlight);
    scene.add(new THREE.HemisphereLight(0xffffff, 0xb9ab92, 0.9));

    // Aim at the model's bounding-box centre from data-camera: azimuth around
    // Y from the front (+Z) towards +X, elevation above the horizon.
    const centre = new THREE.Box3().setFromObject(model).getCenter(new THREE.Vector3());
    const camera = new THREE.PerspectiveCamera(50, 4 / 3, distance / 100, distance * 20);
    const a = azimuth * DEG, e = elevation * DEG;
    camera.position.set(Math.sin(a) * Math.cos(e), Math.sin(e), Math.cos(a) * Math.cos(e))
      .multiplyScalar(distance).add(centre);
    camera.lookAt(centre);
    // A key light that travels with the camera keeps every side readable.
    const key = new THREE.DirectionalLight(0xffffff, 0.75);
    key.position.set(1, 1.5, 2);
    camera.add(key);
    scene.add(camera);

    const controls = new THREE.OrbitControls(camera, canvas);
    controls.target.copy(centre);
    // Damping makes dragging feel natural, but not for people who ask for less motion.
    controls.enableDamping = !(window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches);
    controls.dampingFactor = 0.12;
    controls.enablePan = false;  // panning only loses the model; keep it centred
    controls.enableKeys = false; // keys are handled below (orbit, not pan)
    controls.minDistance = distance * 0.5;
    controls.maxDistance = distance * 3;
    controls.update();
    controls.saveState(); // what Reset view returns to

    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', (poster && (poster.getAttribute('alt') || poster.textContent) || '').trim());
    canvas.tabIndex = 0;
    if (poster) poster.replaceWith(canvas); else stage.prepend(canvas);
    const help = figure.querySelector('.model-help');
    if (help) help.hidden = false;

    const { reset } = createToolbar(stage, controls);
    reset.addEventListener('click', () => {
      controls.reset();
      requestRender();
    });

    const markers = createMarkers(figure, stage);
    markers.forEach((marker) => marker.button.addEventListener('click', () => activate(markers, marker)));

    // Markers follow their 3D point; hidden when behind the camera or off the canvas.
    // (style.display, not [hidden]: the marker CSS sets its own display.)
    const projected = new THREE.Vector3();
    function placeMarkers() {
      const width = canvas.clientWidth, height = canvas.clientHeight;
      for (const marker of markers) {
        projected.copy(marker.point).project(camera);
        const visible = projected.z > -1 && projected.z < 1 &&
          Math.abs(projected.x) <= 1 && Math.abs(projected.y) <= 1;
        marker.button.style.display = visible ? '' : 'none';
        if (!visible) continue;
        marker.button.style.left = (canvas.offsetLeft + (projected.x + 1) / 2 * width).toFixed(1) + 'px';
        marker.button.style.top = (canvas.offsetTop + (1 - projected.y) / 2 * height).toFixed(1) + 'px';
      }
    }

    // Render on demand. controls.update() fires 'change' while damping is
    // still moving the camera, which asks for the next frame; once it has
    // settled nothing more is drawn until the next input or resize.
    let frame = 0;
    function requestRender() {
      if (!frame) frame = requestAnimationFrame(draw);
    }
    function draw() {
      frame = 0;
      controls.update();
      renderer.render(scene, camera);
      placeMarkers();
    }
    controls.addEventListener('change', requestRender);

    function resize() {
      const width = canvas.clientWidth, height = canvas.clientHeight;
      if (!width || !height) return;
      renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2)); // browser zoom changes it
      renderer.setSize(width, height, false); // false: the CSS sizes the canvas
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    }
    if (window.ResizeObserver) new ResizeObserver(resize).observe(stage);
    else window.addEventListener('resize', resize);
    resize();

    // Arrow keys turn the model the way a drag in that direction would;
    // + / = and - zoom. Other keys (and browser shortcuts) pass through.
    const spherical = new THREE.Spherical();
    canvas.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      spherical.setFromVector3(camera.position.clone().sub(controls.target));
      switch (event.key) {
        case 'ArrowLeft': spherical.theta += ORBIT_STEP; break;
        case 'ArrowRight': spherical.theta -= ORBIT_STEP; break;
        case 'ArrowUp': spherical.phi += ORBIT_STEP; break;
        case 'ArrowDown': spherical.phi -= ORBIT_STEP; break;
        case '+': case '=': spherical.radius *= ZOOM_STEP; break;
        case '-': spherical.radius /= ZOOM_STEP; break;
        default: return;
      }
      event.preventDefault();
      spherical.makeSafe();
      camera.position.setFromSpherical(spherical).add(controls.target);
      controls.update(); // clamps distance and angle, then fires 'change'
      requestRender();
    });
  }

  function enhance(figure) {
    const name = figure.dataset.model;
    if (!window.THREE || !THREE.GLTFLoader || !THREE.OrbitControls) {
      return console.info('CareFeed model viewer: three.js is not loaded; showing the poster.');
    }
    const encoded = (window.CareFeedModels || {})[name];
    if (!encoded || !figure.querySelector('.model-stage')) {
      return console.info('CareFeed model viewer: no model data for "' + name + '"; showing the poster.');
    }
    const canvas = document.createElement('canvas');
    const gl = createContext(canvas);
    if (!gl) return console.info('CareFeed model viewer: WebGL is not available; showing the poster.');

    const giveUp = (reason) => {
      console.info('CareFeed model viewer: ' + reason + '; showing the poster.');
      const lose = gl.getExtension('WEBGL_lose_context'); // free the unused context
      if (lose) lose.loseContext();
    };
    try {
      new THREE.GLTFLoader().parse(decodeBase64(encoded), '', (gltf) => {
        try {
          startViewer(figure, gltf.scene, canvas, gl);
        } catch (error) {
          giveUp('could not start (' + error.message + ')');
        }
      }, (error) => giveUp('could not read "' + name + '" (' + (error && error.message) + ')'));
    } catch (error) {
      giveUp('could not read "' + name + '" (' + error.message + ')');
    }
  }

  function init() {
    document.querySelectorAll('figure.model-viewer').forEach(enhance);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
