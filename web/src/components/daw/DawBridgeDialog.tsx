import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog } from '../Dialog';
import { TabPanel, Tabs } from '../Tabs';
import {
  exportMidi,
  exportProject,
  sendOsc,
  type MidiSettings,
  type OscCommand,
  type OscResult,
} from './daw-api';
import { BASIC_DAWS, DEFAULT_OSC_PORT, defaultPort, MIDI_KEYS, MIDI_TRACKS, type DawId } from './daws';
import { downloadJson, downloadMidi } from './download';
import { DawPicker, fieldClass, labelClass, StatusBadge, type ConnectionStatus } from './parts';
import { keyLabel } from '../../lib/key-names';

type Tab = 'midi' | 'osc' | 'sync' | 'project';

const OSC_BUTTONS = [
  { command: 'play', labelKey: 'daw.osc.play' },
  { command: 'stop', labelKey: 'daw.osc.stop' },
  { command: 'tempo', labelKey: 'daw.osc.setBpm' },
  { command: 'record', labelKey: 'daw.osc.record' },
] as const satisfies readonly { command: OscCommand; labelKey: string }[];

/** The basic DAW Integration dialog (AI-tools spec §2, §7 `daw-integration`, §8). */
export default function DawBridgeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [dawId, setDawId] = useState<DawId>('ableton');
  const [tab, setTab] = useState<Tab>('midi');
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const [midi, setMidi] = useState<MidiSettings>({
    bpm: 128,
    key: 'Am',
    genre: 'electronic',
    tracks: { drums: true, bass: true, melody: true, harmony: false },
  });
  const [host, setHost] = useState('localhost');
  const [port, setPort] = useState(DEFAULT_OSC_PORT);
  const [busy, setBusy] = useState<'midi' | 'project' | OscCommand | null>(null);
  const [oscResult, setOscResult] = useState<(OscResult & { command: OscCommand }) | null>(null);
  const [midiDone, setMidiDone] = useState<number | null>(null);

  const daw = BASIC_DAWS.find((candidate) => candidate.id === dawId) ?? BASIC_DAWS[0]!;
  const enabledTracks = MIDI_TRACKS.filter((track) => midi.tracks[track]);
  const bpmValid = Number.isFinite(midi.bpm) && midi.bpm >= 20 && midi.bpm <= 300;
  const portValid = Number.isInteger(port) && port >= 1 && port <= 65535;

  async function onExportMidi() {
    setBusy('midi');
    try {
      const result = await exportMidi(dawId, midi);
      downloadMidi(result.midiBase64, `5d-${daw.id}-${midi.bpm}bpm-${midi.key}.mid`);
      setMidiDone(result.tracks ?? enabledTracks.length);
    } catch (error) {
      console.error('MIDI export failed', error);
      toast.error(t('daw.errors.title'), { description: t('daw.errors.midi') });
    } finally {
      setBusy(null);
    }
  }

  async function onOsc(command: OscCommand) {
    setBusy(command);
    try {
      const result = await sendOsc(
        dawId,
        command,
        { host: host.trim(), port },
        command === 'tempo' ? midi.bpm : undefined,
      );
      setOscResult({ ...result, command });
      setStatus(result.sent ? 'connected' : 'disconnected');
    } catch (error) {
      console.error('OSC send failed', error);
      setStatus('error');
      setOscResult(null);
      toast.error(t('daw.errors.connectionTitle'), { description: t('daw.errors.osc') });
    } finally {
      setBusy(null);
    }
  }

  async function onExportProject() {
    setBusy('project');
    try {
      const data = await exportProject(dawId, {
        tracks: enabledTracks,
        bpm: midi.bpm,
        key: midi.key,
        genre: midi.genre,
      });
      downloadJson(data, `5d-${daw.id}-project.json`);
      toast.success(t('daw.project.done'));
    } catch (error) {
      console.error('Project export failed', error);
      toast.error(t('daw.errors.title'), { description: t('daw.errors.project') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('daw.basic.title')}
      description={t('daw.basic.subtitle')}
      closeLabel={t('daw.close')}
    >
      <div className="space-y-5 px-5 py-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <DawPicker
            daws={BASIC_DAWS}
            value={dawId}
            onChange={(id) => {
              setDawId(id);
              const next = BASIC_DAWS.find((candidate) => candidate.id === id);
              if (next) setPort(defaultPort(next));
            }}
          />
          <StatusBadge status={status} />
        </div>

        <Tabs<Tab>
          label={t('daw.basic.tabsLabel')}
          value={tab}
          onChange={setTab}
          tabs={[
            { key: 'midi', label: t('daw.tabs.midi') },
            { key: 'osc', label: t('daw.tabs.osc') },
            { key: 'sync', label: t('daw.tabs.sync') },
            { key: 'project', label: t('daw.tabs.project') },
          ]}
        />

        {tab === 'midi' && (
          <TabPanel label={t('daw.tabs.midi')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="daw-midi-bpm" className={labelClass}>
                  {t('daw.midi.bpm')}
                </label>
                <input
                  id="daw-midi-bpm"
                  type="number"
                  inputMode="numeric"
                  min={20}
                  max={300}
                  value={Number.isFinite(midi.bpm) ? midi.bpm : ''}
                  onChange={(event) => setMidi({ ...midi, bpm: event.target.valueAsNumber })}
                  className={fieldClass}
                />
              </div>
              <div>
                <label htmlFor="daw-midi-key" className={labelClass}>
                  {t('daw.midi.key')}
                </label>
                <select
                  id="daw-midi-key"
                  value={midi.key}
                  onChange={(event) => setMidi({ ...midi, key: event.target.value })}
                  className={fieldClass}
                >
                  {MIDI_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {keyLabel(t, key)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <fieldset className="mt-4">
              <legend className={labelClass}>{t('daw.midi.tracks')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {MIDI_TRACKS.map((track) => (
                  <label
                    key={track}
                    className="flex items-center gap-2 rounded-lg border border-white/10 px-3 py-2 text-sm"
                  >
                    <input
                      type="checkbox"
                      checked={midi.tracks[track]}
                      onChange={(event) =>
                        setMidi({ ...midi, tracks: { ...midi.tracks, [track]: event.target.checked } })
                      }
                      className="h-4 w-4 accent-violet-500"
                    />
                    {t(`daw.midi.track.${track}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <button
              type="button"
              onClick={() => void onExportMidi()}
              disabled={busy !== null || !bpmValid || enabledTracks.length === 0}
              className={`${primary} mt-5`}
            >
              {busy === 'midi' ? t('daw.midi.generating') : t('daw.midi.generate')}
            </button>
            {midiDone !== null && (
              <p role="status" className="mt-3 text-sm text-emerald-300">
                {t('daw.midi.done', { count: midiDone })}
              </p>
            )}
          </TabPanel>
        )}

        {tab === 'osc' && (
          <TabPanel label={t('daw.tabs.osc')}>
            <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
              <div>
                <label htmlFor="daw-osc-host" className={labelClass}>
                  {t('daw.osc.host')}
                </label>
                <input
                  id="daw-osc-host"
                  value={host}
                  onChange={(event) => setHost(event.target.value)}
                  className={fieldClass}
                  autoComplete="off"
                />
              </div>
              <div>
                <label htmlFor="daw-osc-port" className={labelClass}>
                  {t('daw.osc.port')}
                </label>
                <input
                  id="daw-osc-port"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={65535}
                  value={Number.isFinite(port) ? port : ''}
                  onChange={(event) => setPort(event.target.valueAsNumber)}
                  className={fieldClass}
                />
              </div>
            </div>
            <p className="mt-2 text-xs text-zinc-400">{t('daw.osc.hint', { bpm: midi.bpm })}</p>
            <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {OSC_BUTTONS.map(({ command, labelKey }) => (
                <button
                  key={command}
                  type="button"
                  onClick={() => void onOsc(command)}
                  disabled={busy !== null || !host.trim() || !portValid || (command === 'tempo' && !bpmValid)}
                  className={secondary}
                >
                  {busy === command ? t('daw.osc.sending') : t(labelKey)}
                </button>
              ))}
            </div>
            {oscResult && (
              <p
                role="status"
                data-testid="osc-result"
                className={`mt-4 text-sm ${oscResult.sent ? 'text-emerald-300' : 'text-amber-200'}`}
              >
                {oscResult.sent
                  ? t('daw.osc.sent', { command: oscResult.command, host: host.trim(), port })
                  : t('daw.osc.notSent', { reason: oscResult.reason ?? '—' })}
              </p>
            )}
          </TabPanel>
        )}

        {tab === 'sync' && (
          <TabPanel label={t('daw.tabs.sync')}>
            <p className="rounded-xl border border-dashed border-white/15 p-6 text-center text-sm text-zinc-400">
              {t('daw.sync.comingSoon')}
            </p>
          </TabPanel>
        )}

        {tab === 'project' && (
          <TabPanel label={t('daw.tabs.project')}>
            <p className="text-sm text-zinc-300">{t('daw.project.description', { daw: daw.name })}</p>
            <p className="mt-2 text-xs text-zinc-400">
              {t('daw.project.summary', {
                bpm: midi.bpm,
                key: keyLabel(t, midi.key),
                tracks: enabledTracks.map((track) => t(`daw.midi.track.${track}`)).join(', ') || '—',
              })}
            </p>
            <button
              type="button"
              onClick={() => void onExportProject()}
              disabled={busy !== null}
              className={`${primary} mt-5`}
            >
              {busy === 'project' ? t('daw.project.exporting') : t('daw.project.export')}
            </button>
          </TabPanel>
        )}
      </div>
    </Dialog>
  );
}

const primary =
  'inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 font-semibold text-white transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60';
const secondary =
  'inline-flex h-11 items-center justify-center rounded-lg border border-white/15 bg-zinc-800 px-3 text-sm font-medium text-zinc-100 transition hover:bg-zinc-700 disabled:cursor-not-allowed disabled:opacity-50';
