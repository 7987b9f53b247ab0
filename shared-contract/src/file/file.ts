/** 附件与相册 (api/file/*, api/album/*): file records, album pictures and signed file addresses. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** A stored file (spec §3 "File record"): `size` in KB (formatFileSize); `filename` and `FileName` both the original name. */
export const FileRowSchema = Type.Object({
  id: Type.Number(),
  /** The stable address (`/files/<name>`): what records store. */
  url: Type.String(),
  /** The same file for the caller, for a short while (`?exp=…&u=…&sig=…`): what `<img>` and links use. */
  signedUrl: Type.String(),
  filename: Type.String(),
  FileName: Type.String(),
  /** Lower-case extension without the dot. */
  format: Type.String(),
  size: Type.Number(),
  userid: Type.Number(),
  username: Type.String(),
  addTime: Type.String(),
});
export type FileRow = Static<typeof FileRowSchema>;

/** An album picture (spec §3 "Picture"): one of the user's own uploaded images. */
export const AlbumPictureSchema = Type.Object({
  id: Type.Number(),
  url: Type.String(),
  signedUrl: Type.String(),
  userid: Type.Number(),
  size: Type.Number(),
  filename: Type.String(),
  format: Type.String(),
});
export type AlbumPicture = Static<typeof AlbumPictureSchema>;

/** api/file/SignUrls: given address → its signed address, only for the files the caller may see. */
export const SignedUrlsSchema = Type.Record(Type.String(), Type.String());
export type SignedUrls = Static<typeof SignedUrlsSchema>;

/** api/file/list (a record's or a form's attachments) and api/file/index (one's own uploads). */
export const FileListReply = ListOf(FileRowSchema);
/** api/file/UploadFile and api/file/edit: the file as stored. */
export const FileDetailReply = Envelope(FileRowSchema);
export const AlbumListReply = ListOf(AlbumPictureSchema);
export const SignedUrlsReply = Envelope(SignedUrlsSchema);
