from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.claim_agent_response_200_status import ClaimAgentResponse200Status

if TYPE_CHECKING:
    from ..models.claim_agent_response_200_agent import ClaimAgentResponse200Agent


T = TypeVar("T", bound="ClaimAgentResponse200")


@_attrs_define
class ClaimAgentResponse200:
    """
    Attributes:
        status (ClaimAgentResponse200Status):
        message (str):
        agent (ClaimAgentResponse200Agent):
    """

    status: ClaimAgentResponse200Status
    message: str
    agent: ClaimAgentResponse200Agent

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        agent = self.agent.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "agent": agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim_agent_response_200_agent import ClaimAgentResponse200Agent  # noqa: PLC0415

        d = dict(src_dict)
        status = ClaimAgentResponse200Status(d.pop("status"))

        message = d.pop("message")

        agent = ClaimAgentResponse200Agent.from_dict(d.pop("agent"))

        claim_agent_response_200 = cls(
            status=status,
            message=message,
            agent=agent,
        )

        return claim_agent_response_200
