from enum import StrEnum


class RunCommandResponse200Action(StrEnum):
    RENEW_DOMAIN = "renew_domain"
    SHOW_EXPIRING_DOMAINS = "show_expiring_domains"

    def __str__(self) -> str:
        return str(self.value)
