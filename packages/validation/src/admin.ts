// Moved to the feature files (issue 20); this file is deleted as the reorganisation's last step.
export {};
