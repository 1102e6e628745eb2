/**
 * The English texts of media messages (picture, video, file and voice bubbles, the uploads, the
 * composer's "+" panel and the voice recorder), spread into `en.ts`. zh-CN-media.ts has exactly the
 * same keys (typed: it is declared as this type).
 */
export const enMedia = {
  media: {
    picture: 'Picture',
    openPicture: 'Open picture',
    pictureLoading: 'Loading picture',
    savePicture: 'Save picture',
    videoDuration: 'Video, {{duration}}',
    file: 'File {{name}}, {{size}}',
    download: 'Download {{name}}',
    play: 'Play voice message, {{seconds}} seconds',
    pause: 'Pause voice message',
    played: 'Played',
    unplayed: 'Not played yet',
    uploading: 'Uploading {{percent}}%',
    cancelUpload: 'Cancel upload',
    more: 'More',
    panel: 'Send a picture, video or file',
    photo: 'Photo',
    camera: 'Camera',
    videoInput: 'Video',
    fileInput: 'File',
    original: 'Send original',
    record: 'Hold to talk',
    recordHint: 'Hold to talk',
    recording: 'Release to send, slide up to cancel',
    releaseToCancel: 'Release to cancel',
    countdown: '{{seconds}} s left',
    tooShort: 'recording time too short',
    micDenied: 'The microphone is not available',
    voiceMode: 'Voice input',
    keyboardMode: 'Keyboard input',
    pictureFailed: 'The picture could not be read',
  },
};
