from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.provision_agent_response_200_assurance import ProvisionAgentResponse200Assurance
from ..models.provision_agent_response_200_key_class import ProvisionAgentResponse200KeyClass
from ..models.provision_agent_response_200_status import ProvisionAgentResponse200Status

T = TypeVar("T", bound="ProvisionAgentResponse200")


@_attrs_define
class ProvisionAgentResponse200:
    """
    Attributes:
        status (ProvisionAgentResponse200Status):
        account_id (str):
        assurance (ProvisionAgentResponse200Assurance):
        api_key (str): Shown once. Send it as X-API-Key.
        key_id (str):
        key_class (ProvisionAgentResponse200KeyClass):
        claim_code (str): Single use. Give it to the operator who will claim this identity.
        message (str):
    """

    status: ProvisionAgentResponse200Status
    account_id: str
    assurance: ProvisionAgentResponse200Assurance
    api_key: str
    key_id: str
    key_class: ProvisionAgentResponse200KeyClass
    claim_code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        account_id = self.account_id

        assurance = self.assurance.value

        api_key = self.api_key

        key_id = self.key_id

        key_class = self.key_class.value

        claim_code = self.claim_code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "account_id": account_id,
                "assurance": assurance,
                "api_key": api_key,
                "key_id": key_id,
                "key_class": key_class,
                "claim_code": claim_code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = ProvisionAgentResponse200Status(d.pop("status"))

        account_id = d.pop("account_id")

        assurance = ProvisionAgentResponse200Assurance(d.pop("assurance"))

        api_key = d.pop("api_key")

        key_id = d.pop("key_id")

        key_class = ProvisionAgentResponse200KeyClass(d.pop("key_class"))

        claim_code = d.pop("claim_code")

        message = d.pop("message")

        provision_agent_response_200 = cls(
            status=status,
            account_id=account_id,
            assurance=assurance,
            api_key=api_key,
            key_id=key_id,
            key_class=key_class,
            claim_code=claim_code,
            message=message,
        )

        return provision_agent_response_200
