export default {
  register() {},
  bootstrap() {},
};
