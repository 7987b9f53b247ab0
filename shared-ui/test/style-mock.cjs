// Stylesheets have no behaviour to test; jest gets an empty module for them.
module.exports = {};
