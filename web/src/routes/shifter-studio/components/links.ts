/** The studio's external contacts (links only; nothing is loaded from them until the visitor follows one). */
export const STUDIO_LINKS = {
  discord: 'https://discord.com/invite/shifterstudio',
  email: 'hello@shifterstudio.example',
  phone: '+5511999990000',
  phoneDisplay: '+55 11 99999-0000',
  whatsapp: 'https://wa.me/5511999990000',
  instagram: 'https://www.instagram.com/shifterstudio',
  youtube: 'https://www.youtube.com/@shifterstudio',
  spotify: 'https://open.spotify.com/user/shifterstudio',
  soundcloud: 'https://soundcloud.com/shifterstudio',
  /** Players shown only after a click (no third-party request on page load). */
  videoEmbed: 'https://www.youtube-nocookie.com/embed/videoseries?list=PLshifterstudio',
  playlistEmbed: 'https://open.spotify.com/embed/playlist/37i9dQZF1DX6J5NfMJS675',
} as const;
