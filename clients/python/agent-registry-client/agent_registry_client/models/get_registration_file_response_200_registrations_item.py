from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetRegistrationFileResponse200RegistrationsItem")


@_attrs_define
class GetRegistrationFileResponse200RegistrationsItem:
    """
    Attributes:
        agent_id (float):
        agent_registry (str):
    """

    agent_id: float
    agent_registry: str

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        agent_registry = self.agent_registry

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
                "agentRegistry": agent_registry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agentId")

        agent_registry = d.pop("agentRegistry")

        get_registration_file_response_200_registrations_item = cls(
            agent_id=agent_id,
            agent_registry=agent_registry,
        )

        return get_registration_file_response_200_registrations_item
