// The controls of the step player: one step back, play/pause, one step forward, a scrubber, the
// speed, and Replay once a run has ended. They act on the StepPlayer and show its state.
import { h, setDisabled, setHidden, setText } from './dom.js';
import { STEP_SPEEDS, type StepPlayer } from './step-player.js';

export class PlaybackControls {
  /** The group under the viewer. */
  readonly element: HTMLElement;
  /** Shown in the viewer's caption once a run with steps has ended. */
  readonly replay: HTMLButtonElement;
  readonly #back: HTMLButtonElement;
  readonly #play: HTMLButtonElement;
  readonly #forward: HTMLButtonElement;
  readonly #scrubber: HTMLInputElement;
  #ended = false;

  constructor(
    private readonly player: StepPlayer,
    /** The person chose a step or started playback: the viewer goes back to the steps. */
    private readonly onTakeSteps: () => void,
  ) {
    this.#back = h(
      'button',
      { type: 'button', id: 'step-back', class: 'small', 'aria-label': 'Step back', onclick: () => this.#showAt(this.player.shown - 1) },
      '◀',
    );
    this.#play = h('button', { type: 'button', id: 'step-play', class: 'small', onclick: () => this.#toggle() }, 'Play');
    this.#forward = h(
      'button',
      { type: 'button', id: 'step-forward', class: 'small', 'aria-label': 'Step forward', onclick: () => this.#showAt(this.player.shown + 1) },
      '▶',
    );
    this.#scrubber = h('input', {
      type: 'range',
      id: 'step-scrubber',
      min: 0,
      max: 0,
      step: 1,
      'aria-label': 'Step',
      oninput: () => this.#showAt(Number(this.#scrubber.value)),
    });
    const speed = h(
      'select',
      { id: 'step-speed', 'aria-label': 'Speed', onchange: () => this.player.setSpeed(Number(speed.value)) },
      ...STEP_SPEEDS.map((factor) => h('option', { value: factor, selected: factor === 1 }, `${factor}×`)),
    );
    this.replay = h('button', { type: 'button', id: 'replay', class: 'small', hidden: true, onclick: () => this.#replay() }, 'Replay');
    this.element = h(
      'div',
      { id: 'steps', class: 'playback', hidden: true, role: 'group', 'aria-label': 'Steps' },
      this.#back,
      this.#play,
      this.#forward,
      this.#scrubber,
      speed,
    );
  }

  /** Shows the player's state; `ended`: the run is over (Replay is offered). */
  draw(ended: boolean): void {
    this.#ended = ended;
    const { count, shown } = this.player;
    setHidden(this.element, count === 0);
    setHidden(this.replay, count === 0 || !ended);
    if (count === 0) return;
    if (this.#scrubber.max !== String(count - 1)) this.#scrubber.max = String(count - 1);
    if (this.#scrubber.value !== String(Math.max(0, shown))) this.#scrubber.value = String(Math.max(0, shown));
    setText(this.#play, this.player.playing ? 'Pause' : 'Play');
    setDisabled(this.#back, shown <= 0);
    setDisabled(this.#forward, shown >= count - 1);
  }

  /** One step back or forward (the arrow keys). */
  stepBy(delta: number): void {
    this.#showAt(this.player.shown + delta);
  }

  #showAt(index: number): void {
    this.player.showAt(index);
    this.onTakeSteps();
  }

  #toggle(): void {
    this.player.toggle();
    if (this.player.playing) this.onTakeSteps();
    // The button's own label at once; the frame follows on the next display frame.
    this.draw(this.#ended);
  }

  #replay(): void {
    this.player.play(true);
    this.onTakeSteps();
  }
}
