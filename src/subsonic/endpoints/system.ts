/**
 * System and user calls (README.md "Endpoints"): ping, getLicense,
 * getOpenSubsonicExtensions (public), tokenInfo, getUser, getScanStatus; and the calls
 * of features audiolib does not have (now playing, podcasts, radio,
 * artist and album info, similar and top songs), answered empty so players that ask them
 * while syncing go on.
 */
import type { User } from '../../model/index.js';
import { findUser } from '../../users/index.js';
import { canWrite } from '../../model/index.js';
import { currentScanLock } from '../../scan/index.js';
import { Code, SubsonicError, notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { musicFolders } from '../folders.js';
import type { SubsonicNode } from '../serialise.js';

/** The OpenSubsonic extensions served, each with its versions. */
export const EXTENSIONS = [
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
  { name: 'transcodeOffset', versions: [1] },
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'indexBasedQueue', versions: [1] },
];

/** Whether `user` may download files: on /rest a download is refused as the writes are (src/model/policy.ts; guests stream only). */
export const canDownload = (user: Pick<User, 'group'>) => canWrite(user);

/**
 * The `user` element of a user: roles from the group (admin; user: download, rating,
 * scrobbling, playlists; guest: stream only); `folder`, the ids of the music folders
 * (folders.ts), all of them for everyone.
 */
function presentUser(user: User, folderCount: number): SubsonicNode {
  const writer = canWrite(user);
  return {
    username: user.name,
    scrobblingEnabled: writer,
    adminRole: user.group === 'admin',
    settingsRole: writer,
    downloadRole: canDownload(user),
    uploadRole: false,
    playlistRole: writer,
    coverArtRole: false,
    commentRole: writer,
    podcastRole: false,
    streamRole: true,
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
    folder: Array.from({ length: folderCount }, (_, i) => i + 1),
  };
}

/** An endpoint answering `payload` as it is. */
const fixed = (payload: SubsonicNode): Endpoint => ({ handle: async () => payload });

export const systemEndpoints: Record<string, Endpoint> = {
  ping: fixed({}),
  getLicense: fixed({ license: { valid: true } }),
  getOpenSubsonicExtensions: { access: 'public', handle: async () => ({ openSubsonicExtensions: EXTENSIONS }) },
  tokenInfo: { handle: async ({ user }) => ({ tokenInfo: { username: user.name } }) },

  /** getUser?username: the caller, or (admin only: code 50 for others) any user; code 70 for an unknown name. */
  getUser: {
    async handle(call: Call) {
      const { db, params, user } = call;
      const name = params.required('username');
      if (name !== user.name && user.group !== 'admin') throw new SubsonicError(Code.NotAuthorized, 'only the admin may read other users');
      const row = name === user.name ? user : await findUser(db, name);
      if (!row) throw notFound(`user ${name}`);
      return { user: presentUser({ name: row.name, group: row.group }, (await musicFolders(call)).length) };
    },
  },

  getNowPlaying: fixed({ nowPlaying: { entry: [] } }),
  getPodcasts: fixed({ podcasts: { channel: [] } }),
  getInternetRadioStations: fixed({ internetRadioStations: { internetRadioStation: [] } }),
  getArtistInfo: fixed({ artistInfo: {} }),
  getArtistInfo2: fixed({ artistInfo2: {} }),
  getAlbumInfo: fixed({ albumInfo: {} }),
  getAlbumInfo2: fixed({ albumInfo: {} }),
  getSimilarSongs: fixed({ similarSongs: { song: [] } }),
  getSimilarSongs2: fixed({ similarSongs2: { song: [] } }),
  getTopSongs: fixed({ topSongs: { song: [] } }),
  /** getScanStatus: whether a scan runs now (the scan lock). */
  getScanStatus: { handle: async ({ db }) => ({ scanStatus: { scanning: (await currentScanLock(db)).running } }) },
};
