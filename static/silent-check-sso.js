// Hands the identity server's answer (in this page's address) to the portal page that asked.
window.parent.postMessage(window.location.href, window.location.origin);
