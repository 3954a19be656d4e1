// What the node editor offers the rest of the app: the modal and the file clean-up the host runs
// when a node lets go of uploaded files. The host that reads the board's store is in flow/.
export { NodeEditModal } from './NodeEditModal';
export { deleteFileVariables } from './content-api';
export type { ContentScope } from './editor-context';
export { droppedFileVariables } from './logic/file-variables';
