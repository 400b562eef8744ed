/** A file's bytes as base64 (what the services take in JSON bodies). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A file as the services take it in a JSON body (and as the data layer can keep it: plain data). */
export interface EncodedFile {
  name: string;
  type: string;
  /** Its bytes in base64. */
  data: string;
}

export const encodeFile = async (file: File): Promise<EncodedFile> => ({ name: file.name, type: file.type, data: await base64Of(file) });
