import { useCallback, useEffect, useRef, useState } from 'react';
import { blobToBase64, transcribe } from './chat-api';

export type VoiceState = 'idle' | 'recording' | 'transcribing';
export type VoiceFailure = 'microphone' | 'no-audio' | 'transcription' | 'unconfigured';

/**
 * idle → recording (after microphone permission) → transcribing → idle (spec §4). The webm recording
 * goes base64 to `voice-to-text`; the transcript is handed to `onTranscript`.
 */
export function useVoiceInput(
  onTranscript: (text: string) => void,
  /** `message`: the server's words for the failure, in the UI language (e.g. which setting turns voice on). */
  onFailure: (failure: VoiceFailure, message?: string) => void,
) {
  const [state, setState] = useState<VoiceState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const callbacks = useRef({ onTranscript, onFailure });
  useEffect(() => {
    callbacks.current = { onTranscript, onFailure };
  });

  useEffect(
    () => () => {
      const active = recorder.current;
      if (active && active.state !== 'inactive') active.stop();
    },
    [],
  );

  const start = useCallback(async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      callbacks.current.onFailure('microphone');
      return;
    }
    const mimeType = MediaRecorder.isTypeSupported('audio/webm;codecs=opus')
      ? 'audio/webm;codecs=opus'
      : 'audio/webm';
    let media: MediaRecorder;
    try {
      media = new MediaRecorder(stream, { mimeType });
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      callbacks.current.onFailure('microphone');
      return;
    }
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = async () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      const blob = new Blob(chunks, { type: 'audio/webm' });
      if (blob.size === 0) {
        setState('idle');
        callbacks.current.onFailure('no-audio');
        return;
      }
      setState('transcribing');
      try {
        const text = await transcribe(await blobToBase64(blob), 'audio/webm');
        if (text) callbacks.current.onTranscript(text);
        else callbacks.current.onFailure('no-audio');
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'AI_KEY_REQUIRED') callbacks.current.onFailure('unconfigured', (error as Error).message);
        else callbacks.current.onFailure(code === 'NO_AUDIO_DETECTED' ? 'no-audio' : 'transcription');
      } finally {
        setState('idle');
      }
    };
    recorder.current = media;
    media.start();
    setState('recording');
  }, []);

  const stop = useCallback(() => {
    const active = recorder.current;
    if (active && active.state !== 'inactive') active.stop();
  }, []);

  return { state, start, stop };
}
